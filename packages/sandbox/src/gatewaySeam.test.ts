import type { Gateways } from '@pasarela/gateways';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { importGraph } from '../../../scripts/import-graph.mjs';
import { missingProcessors, startServer } from './server';
import { openTestDatabase } from '../test/testApp';

const src = fileURLToPath(new URL('.', import.meta.url));
const packageDir = path.dirname(src);
const gateways = path.join(src, 'gateways') + path.sep;
const relative = (file: string) => path.relative(packageDir, file);

// The one seam where a real processor plugs in: the payment services reach gateways through their
// ports (@pasarela/gateways) alone; the server reaches processors over HTTP (gateways/http/) or through a
// provider's adapters, never the simulator's code: only the test helpers start a simulator service.
describe('the gateway seam', () => {
  const graph = importGraph(src);
  // The server's files and the test apps beside them (packages/sandbox/test), not the gateways'
  // fault harness and example modules (test/gateways/), which stand in for a processor.
  const harness = path.join(packageDir, 'test', 'gateways') + path.sep;
  const files = [...graph.keys(), ...[...importGraph(path.join(packageDir, 'test')).keys()].filter((f) => !f.startsWith(harness))];

  it('the simulator is imported by the test helpers alone, which start it as a service', () => {
    const imports = files
      .flatMap((file) => [...readFileSync(file, 'utf8').matchAll(/from '(@pasarela\/simulator[^']*)'/g)].map((m) => `${relative(file)} -> ${m[1]}`));
    expect(imports.sort()).toEqual([
      // a test moves the card network's books (a dispute opened, a refund failed later) as a processor would
      'test/cardNetwork.ts -> @pasarela/simulator',
      // the in-process test app reaches a simulator of its own over HTTP, as the server does
      'test/testApp.ts -> @pasarela/simulator',
      // the test servers share one simulator service, as nodes share a processor
      'test/testServer.ts -> @pasarela/simulator',
    ]);
  });

  it('the HTTP adapters are chosen at one place: the server\'s wiring (and the test app, which wires as the server does)', () => {
    const choosing = files
      .filter((file) => /\bhttpGateways\s*\(/.test(readFileSync(file, 'utf8')) && !file.startsWith(path.join(gateways, 'http') + path.sep))
      .map(relative);
    expect(choosing.sort()).toEqual(['src/server.ts', 'test/testApp.ts']);
  });

  it('one path: without PROCESSORS_URL the server starts only when a provider gives every port, and says so', async () => {
    expect(missingProcessors({ processorsUrl: 'http://127.0.0.1:1' })).toBeUndefined();
    expect(missingProcessors({})).toMatch(/^PROCESSORS_URL is not set: .*missing: card, push, voucher, crypto, bank, payout\)/);
    const card = {} as Gateways['card'];
    expect(missingProcessors({ gateways: { gateways: { card } } })).toMatch(/missing: push, voucher, crypto, bank, payout\)/);
    const every = { card, push: {} as Gateways['push'], voucher: {} as Gateways['voucher'], crypto: {} as Gateways['crypto'], bank: {} as Gateways['bank'], payout: {} as Gateways['payout'] };
    expect(missingProcessors({ gateways: { gateways: every } })).toBeUndefined();
    // Refused before it opens a database or a port.
    await expect(startServer({ port: 1, demoPort: 1, wireEncoding: false, dataDir: '/nonexistent/never-made' })).rejects.toThrow(/PROCESSORS_URL/);
  });

  it('the provider\'s database keeps no processor\'s books (gateway_simulator dropped by migration 031)', async () => {
    const db = await openTestDatabase();
    try {
      expect(await db.query("select table_name from information_schema.tables where table_name = 'gateway_simulator'")).toEqual([]);
    } finally {
      await db.close();
    }
  });

  // The ports themselves are @pasarela/gateways' (packages/gateways), which imports nothing of ours.
  it('the server\'s side of the ports (the HTTP adapters, the module loader) depends on nothing of the server: no payments, routes or store', () => {
    const ports = [...graph].filter(([file]) => file.startsWith(gateways));
    expect(ports.length).toBeGreaterThanOrEqual(5);
    for (const [file, targets] of ports) {
      expect(targets.filter((t) => !t.startsWith(gateways)).map(relative), relative(file)).toEqual([]);
    }
  });
});
