import { connect, type Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { testVault, type TestVault } from './testing/testVault';

let vault: TestVault;
beforeAll(async () => {
  vault = await testVault();
});
afterAll(() => vault.close());

/** One GET /health on the socket; its answer's status line, or 'closed' if the vault closed the connection. */
function health(socket: Socket): Promise<string> {
  return new Promise((resolve) => {
    let answer = '';
    const onData = (chunk: Buffer) => {
      answer += chunk.toString();
      if (answer.includes('{"ok":true}')) done(answer.split('\r\n')[0]!);
    };
    const onEnd = () => done('closed');
    const done = (result: string) => {
      socket.off('data', onData).off('close', onEnd).off('error', onEnd);
      resolve(result);
    };
    socket.on('data', onData).once('close', onEnd).once('error', onEnd);
    socket.write('GET /health HTTP/1.1\r\nHost: vault\r\n\r\n');
  });
}

// Node's fetch keeps an idle connection 4 s by its clock of whole seconds; with Node's 5 s default the
// vault closed it just as the server sent a card payment's call on it (ECONNRESET).
it('keeps an idle connection open past the idle time of its clients, so a call on it is answered', async () => {
  const { port } = new URL(vault.url);
  const socket = connect(Number(port), '127.0.0.1');
  try {
    expect(await health(socket)).toBe('HTTP/1.1 200 OK');
    await sleep(6_000);
    expect(await health(socket)).toBe('HTTP/1.1 200 OK');
  } finally {
    socket.destroy();
  }
}, 20_000);
