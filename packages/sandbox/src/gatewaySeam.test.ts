import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { importGraph } from '../../../scripts/import-graph.mjs';

const src = fileURLToPath(new URL('.', import.meta.url));
const gateways = path.join(src, 'gateways') + path.sep;
const relative = (file: string) => path.relative(src, file);

// The one seam where a real processor plugs in: the payment services reach gateways through their
// ports (gateways/*.ts) alone; the simulator's processors (packages/simulator/src/processors/) are chosen by the
// wiring and known by its entry only, its tables (test cards, test phones, prices) by nobody else.
describe('the gateway seam', () => {
  const graph = importGraph(src);

  it('the simulator is imported only through its entry, by the wiring', () => {
    const imports = [...graph.keys()]
      .flatMap((file) => [...readFileSync(file, 'utf8').matchAll(/from '([^']*simulator\/src\/[^']*)'/g)].map((m) => `${relative(file)} -> ${path.relative(src, path.resolve(path.dirname(file), m[1] ?? ''))}`));
    expect(imports.sort()).toEqual([
      'server.ts -> ../../simulator/src/processors/simulatedGateways',
      // the in-process test app wires the same adapter as the server
      'test/testApp.ts -> ../../simulator/src/processors/simulatedGateways',
      // the test servers share one simulator service, as nodes share a processor
      'test/testServer.ts -> ../../simulator/src/startSimulator',
    ]);
  });

  it('the simulated adapter is chosen at one place: the server\'s wiring (and the test app, which wires as the server does)', () => {
    const choosing = [...graph.keys()]
      
      .filter((file) => /\bsandboxGateways\s*\(/.test(readFileSync(file, 'utf8')))
      .map(relative);
    expect(choosing.sort()).toEqual(['server.ts', 'test/testApp.ts']);
  });

  it('the ports depend on nothing of the server: no payments, routes or store', () => {
    const ports = [...graph].filter(([file]) => file.startsWith(gateways));
    expect(ports.length).toBeGreaterThanOrEqual(7);
    for (const [file, targets] of ports) {
      expect(targets.filter((t) => !t.startsWith(gateways)).map(relative), relative(file)).toEqual([]);
    }
  });
});
