import { randomBytes } from 'node:crypto';
import { connect, type Socket } from 'node:net';

export interface RawSocket {
  status: string;
  messages: unknown[];
  socket: Socket;
  next: () => Promise<unknown>;
}

/** A push socket's opening request (RFC 6455 handshake), as a raw client sends it. */
export const upgradeRequest = (query: string, path = '/api/v1/push') =>
  `GET ${path}?${query} HTTP/1.1\r\nHost: localhost\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: ${randomBytes(16).toString('base64')}\r\nSec-WebSocket-Version: 13\r\n\r\n`;

/** A bare RFC 6455 client of /api/v1/push: the handshake, then the text frames the server sends (short ones). */
export function openSocket(port: number, query: string, path = '/api/v1/push'): Promise<RawSocket> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const messages: unknown[] = [];
    const waiters: Array<(m: unknown) => void> = [];
    let buffer = Buffer.alloc(0);
    let status = '';
    socket.on('error', reject);
    socket.write(upgradeRequest(query, path));
    socket.on('data', (data: Buffer) => {
      buffer = Buffer.concat([buffer, data]);
      if (!status) {
        const end = buffer.indexOf('\r\n\r\n');
        if (end < 0) return;
        status = buffer.subarray(0, end).toString().split('\r\n')[0] ?? '';
        buffer = buffer.subarray(end + 4);
        resolve({ status, messages, socket, next: () => new Promise((r) => (messages.length ? r(messages.shift()) : waiters.push(r))) });
      }
      while (buffer.length >= 2 && buffer.length >= 2 + (buffer[1] ?? 0)) {
        const length = buffer[1] ?? 0;
        const opcode = (buffer[0] ?? 0) & 0x0f;
        const payload = buffer.subarray(2, 2 + length).toString();
        buffer = buffer.subarray(2 + length);
        // Only text frames carry messages; a close frame says the server is going.
        const message: unknown = opcode === 0x1 ? JSON.parse(payload) : { type: 'close' };
        const waiter = waiters.shift();
        if (waiter) waiter(message);
        else messages.push(message);
      }
    });
  });
}
