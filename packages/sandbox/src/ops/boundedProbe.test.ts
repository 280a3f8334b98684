import { createServer, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/testApp';
import { boundedProbe, DEPENDENCY_HEALTH_BUDGET_MS } from './boundedProbe';

// docs/operations.md "Metrics": GET /health answers within its own budget when the card vault or the
// simulator accepts the connection and never answers, saying which one is degraded; a balancer's
// check with a short time-out keeps the node, which takes every payment that needs neither.

describe('a dependency that accepts the connection and never answers', () => {
  const held = new Set<Socket>();
  const hung = createServer((socket) => {
    held.add(socket);
    socket.on('error', () => undefined);
  });
  let t: TestApp;
  beforeAll(async () => {
    await new Promise<void>((resolve) => hung.listen(0, '127.0.0.1', resolve));
    const { port } = hung.address() as { port: number };
    t = await createTestApp({ vaultApiUrl: () => `http://127.0.0.1:${port}` });
  });
  afterAll(async () => {
    for (const socket of held) socket.destroy();
    await new Promise<void>((resolve) => hung.close(() => resolve()));
    await t.close();
  });

  it('leaves /health at 200 degraded, cardVault unavailable, answered within its budget', async () => {
    for (let probe = 0; probe < 3; probe += 1) {
      const started = performance.now();
      const answer = await t.app.request('/health');
      const took = performance.now() - started;
      expect(answer.status).toBe(200);
      expect(await answer.json()).toMatchObject({ status: 'degraded', cardVault: 'unavailable' });
      // The budget, the database's select 1 and some room on a busy machine: well under the vault's 1 s.
      expect(took).toBeLessThan(DEPENDENCY_HEALTH_BUDGET_MS + 400);
    }
  });
});

describe('boundedProbe', () => {
  it('answers the check when it comes within the budget, else the late value; a check in flight is shared', async () => {
    let asked = 0;
    let answer: (value: string) => void = () => undefined;
    const slow = boundedProbe(() => {
      asked += 1;
      return new Promise<string>((resolve) => (answer = resolve));
    }, 30, 'unavailable');
    expect(await slow()).toBe('unavailable');
    expect(await slow()).toBe('unavailable');
    expect(asked).toBe(1);
    answer('ok');
    await Promise.resolve();
    const quick = boundedProbe(() => Promise.resolve('ok'), 30, 'unavailable');
    expect(await quick()).toBe('ok');
  });
});
