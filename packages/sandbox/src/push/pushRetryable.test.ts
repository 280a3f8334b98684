import { EventEmitter } from 'node:events';
import { createServer, type Server } from 'node:http';
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/Database';
import type { TransactionEvents } from '../changes/transactionEvents';
import type { AdminChanges } from '../changes/adminChanges';
import { upgradeRequest } from '../../test/rawWebSocket';
import { pushServer } from './pushServer';

// docs/operations.md "When PostgreSQL goes away": a statement PostgreSQL cancelled (statement_timeout,
// 57014; lock_timeout, 55P03) or a transaction it ended (deadlock 40P01, serialization 40001) rolled
// back, and may be asked again: the push socket's handshake answers 503 with Retry-After as the HTTP
// routes do, never a bug's 500 (nor a 401 that tells a logged-in payer to log in again). A socket
// already open whose state could not be read again is closed with 1013 (Try Again Later): the widget
// reconnects on a close and reads the payment afresh.

/** PostgreSQL's error for a cancelled statement, as node-postgres gives it. */
const cancelled = (code: string) => Object.assign(new Error(`cancelled (${code})`), { code, severity: 'ERROR' });

const ROW = { cod_oper: 'PPRETRY1', method: 'nequi', status: -1, auth_status: 'PENDING' };
let failWith: Error | undefined;
const db = {
  kind: 'pglite',
  sessionName: 'test',
  query: (sql: string) => {
    if (failWith) return Promise.reject(failWith);
    return Promise.resolve(sql.includes('from transactions') ? [ROW] : []);
  },
} as unknown as Database;

class FakeEvents extends EventEmitter {
  resumed: Array<() => void> = [];
  onResume(listener: () => void): void {
    this.resumed.push(listener);
  }
  resume(): void {
    for (const listener of this.resumed) listener();
  }
  close(): Promise<void> {
    return Promise.resolve();
  }
}
const events = new FakeEvents();
let server: Server;
let port: number;
let push: ReturnType<typeof pushServer>;
beforeAll(async () => {
  const adminScope = async () => {
    if (failWith) throw failWith;
    return { kind: 'admin' as const };
  };
  push = pushServer(db, events as unknown as TransactionEvents, new FakeEvents() as unknown as AdminChanges, adminScope);
  server = createServer((_req, res) => res.writeHead(404).end());
  server.on('upgrade', push.onUpgrade);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  port = typeof address === 'object' && address ? address.port : 0;
});
afterAll(() => new Promise<void>((resolve) => {
  server.closeAllConnections();
  server.close(() => resolve());
}));

/** The handshake's answer: its head (status line and headers), and the socket. */
function handshake(query: string, path?: string): Promise<{ head: string; socket: Socket; rest: () => Buffer }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let buffer = Buffer.alloc(0);
    let head = '';
    socket.on('error', reject);
    socket.on('data', (data: Buffer) => {
      buffer = Buffer.concat([buffer, data]);
      if (head) return;
      const end = buffer.indexOf('\r\n\r\n');
      if (end < 0) return;
      head = buffer.subarray(0, end).toString();
      buffer = buffer.subarray(end + 4);
      resolve({ head, socket, rest: () => buffer });
    });
    socket.write(upgradeRequest(query, path));
  });
}

/** The server's frames (short ones, unmasked): their opcodes, and the close frame's code. */
function framesOf(received: Buffer): { opcodes: number[]; closeCode: number | undefined } {
  let frames = received;
  const opcodes: number[] = [];
  let closeCode: number | undefined;
  while (frames.length >= 2) {
    const length = frames[1] ?? 0;
    const opcode = (frames[0] ?? 0) & 0x0f;
    opcodes.push(opcode);
    if (opcode === 0x8 && length >= 2) closeCode = frames.readUInt16BE(2);
    frames = frames.subarray(2 + length);
  }
  return { opcodes, closeCode };
}

describe.each(['57014', '55P03', '40P01', '40001'])('the push socket, when PostgreSQL cancels a statement (%s)', (code) => {
  it.each([
    ['a payment\'s socket', 'codOper=PPRETRY1', undefined],
    ['a wallet user\'s socket', `token=${'a'.repeat(64)}`, undefined],
    ['the admin stream', '', '/sandbox/push'],
  ])('answers %s\'s handshake 503 with Retry-After', async (_name, query, path) => {
    failWith = cancelled(code);
    try {
      const { head, socket } = await handshake(query, path);
      socket.destroy();
      expect(head.split('\r\n')[0]).toBe('HTTP/1.1 503 Service Unavailable');
      expect(head).toMatch(/\r\nRetry-After: 2(\r\n|$)/);
    } finally {
      failWith = undefined;
    }
  });

  it('closes a payment\'s open socket with 1013 (Try Again Later) when its state cannot be read again', async () => {
    const { head, socket, rest } = await handshake('codOper=PPRETRY1');
    try {
      expect(head.split('\r\n')[0]).toBe('HTTP/1.1 101 Switching Protocols');
      failWith = cancelled(code);
      const closed = new Promise<void>((resolve, reject) => {
        socket.once('end', resolve);
        setTimeout(() => reject(new Error('the socket was kept open')), 3_000);
      });
      events.resume();
      await closed;
      // Its frames: the state told at opening, then the close frame carrying its code.
      const { opcodes, closeCode } = framesOf(rest());
      expect(opcodes).toEqual([0x1, 0x8]);
      expect(closeCode).toBe(1013);
    } finally {
      failWith = undefined;
      socket.destroy();
    }
  });
});

it('still answers a bad wallet token 401, and other failures 500', async () => {
  const bad = await handshake(`token=${'b'.repeat(64)}`);
  bad.socket.destroy();
  expect(bad.head.split('\r\n')[0]).toBe('HTTP/1.1 401 Unauthorized');
  failWith = new Error('a bug');
  try {
    const broken = await handshake('codOper=PPRETRY1');
    broken.socket.destroy();
    expect(broken.head.split('\r\n')[0]).toBe('HTTP/1.1 500 Internal Server Error');
  } finally {
    failWith = undefined;
  }
});

// Last: it closes every socket. A node that stops says so (RFC 6455's 1001 Going Away), so the widget,
// and whatever watches the sockets, read a node leaving, not a close with no reason.
it('closes each open socket with 1001 (Going Away) when the node stops', async () => {
  const { head, socket, rest } = await handshake('codOper=PPRETRY1');
  try {
    expect(head.split('\r\n')[0]).toBe('HTTP/1.1 101 Switching Protocols');
    const closed = new Promise<void>((resolve) => socket.once('end', resolve));
    await push.closeAll(500);
    await closed;
    expect(framesOf(rest())).toEqual({ opcodes: [0x1, 0x8], closeCode: 1001 });
  } finally {
    socket.destroy();
  }
});
