import { createHash } from 'node:crypto';
import type { Duplex } from 'node:stream';

const GUID = '258EAFA5-E914-47DA-95CA-C5AB0DC85B11';

/** RFC 6455 handshake answer for a Sec-WebSocket-Key, or null when the key is not one. */
export function acceptKey(key: string | undefined): string | null {
  if (!key || !/^[A-Za-z0-9+/]{22}==$/.test(key)) return null;
  return createHash('sha1').update(key + GUID).digest('base64');
}

/** One unmasked server frame (text 0x1, close 0x8, pong 0xA). */
export function frame(opcode: number, payload: Buffer): Buffer {
  const length = payload.length;
  const head = length < 126 ? Buffer.from([0x80 | opcode, length]) : length < 65536
    ? Buffer.from([0x80 | opcode, 126, length >> 8, length & 0xff])
    : Buffer.concat([Buffer.from([0x80 | opcode, 127]), (() => { const b = Buffer.alloc(8); b.writeBigUInt64BE(BigInt(length)); return b; })()]);
  return Buffer.concat([head, payload]);
}

/** RFC 6455 close codes: a dependency is down for now (the client may connect again), and a server's fault. */
export const CLOSE_TRY_AGAIN_LATER = 1013;
export const CLOSE_INTERNAL_ERROR = 1011;
/** RFC 6455: the server is going down (a node that stops). */
export const CLOSE_GOING_AWAY = 1001;

/** A minimal server side: send JSON text, answer ping and close; the client's other frames are ignored. */
export class ServerSocket {
  private closed = false;
  constructor(private readonly socket: Duplex, private readonly onClose: () => void) {
    socket.on('data', (data: Buffer) => this.read(data));
    // The HTTP server's sockets are half-open: a client that goes away only ends its side.
    socket.on('end', () => this.close());
    socket.on('close', () => this.finish());
    socket.on('error', () => this.finish());
    // A client may go while the server looks its payment up, before these listeners: the socket is
    // then closed already, and its 'close' will not come again. Told after the caller has kept this
    // socket, so its onClose finds it.
    if (socket.destroyed) queueMicrotask(() => this.finish());
  }

  sendJson(value: unknown): void {
    if (!this.closed) this.socket.write(frame(0x1, Buffer.from(JSON.stringify(value), 'utf8')));
  }

  /** With a status code (RFC 6455 7.4), such as CLOSE_TRY_AGAIN_LATER; without, none. */
  close(code?: number): void {
    if (this.closed) return;
    const payload = Buffer.alloc(code === undefined ? 0 : 2);
    if (code !== undefined) payload.writeUInt16BE(code);
    this.socket.end(frame(0x8, payload));
    this.finish();
  }

  private read(data: Buffer): void {
    if (data.length < 2) return;
    const opcode = (data[0] ?? 0) & 0x0f;
    if (opcode === 0x8) this.close();
    else if (opcode === 0x9) this.socket.write(frame(0xa, Buffer.alloc(0)));
  }

  private finish(): void {
    if (this.closed) return;
    this.closed = true;
    this.onClose();
  }
}
