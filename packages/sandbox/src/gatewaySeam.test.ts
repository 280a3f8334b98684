import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { importGraph } from '../../../scripts/import-graph.mjs';

const src = fileURLToPath(new URL('.', import.meta.url));
const gateways = path.join(src, 'gateways') + path.sep;
const simulator = path.join(gateways, 'simulator') + path.sep;
const relative = (file: string) => path.relative(src, file);

// The one seam where a real processor plugs in: the payment services reach gateways through their
// ports (gateways/*.ts) alone; the sandbox's simulated adapter (gateways/simulator/) is chosen by the
// wiring and known by its entry only, its tables (test cards, test phones, prices) by nobody else.
describe('the gateway seam', () => {
  const graph = importGraph(src);

  it('the simulator is imported from outside it only through its entry, by the wiring and the sandbox controls\' type', () => {
    const imports = [...graph]
      .filter(([file]) => !file.startsWith(simulator))
      .flatMap(([file, targets]) => targets.filter((t) => t.startsWith(simulator)).map((t) => `${relative(file)} -> ${relative(t)}`));
    expect(imports.sort()).toEqual([
      'Deps.ts -> gateways/simulator/simulatedGateways.ts',
      'app.ts -> gateways/simulator/simulatedGateways.ts',
      'routes/admin/adminSettle.ts -> gateways/simulator/simulatedGateways.ts',
      'server.ts -> gateways/simulator/simulatedGateways.ts',
      // the in-process test app wires the same adapter as the server
      'test/testApp.ts -> gateways/simulator/simulatedGateways.ts',
    ]);
  });

  it('the simulated adapter is chosen at one place: the server\'s wiring (and the test app, which wires as the server does)', () => {
    const choosing = [...graph.keys()]
      .filter((file) => !file.startsWith(simulator) && /\bsandboxGateways\s*\(/.test(readFileSync(file, 'utf8')))
      .map(relative);
    expect(choosing.sort()).toEqual(['server.ts', 'test/testApp.ts']);
  });

  it('the ports depend on nothing of the server: no payments, routes or store', () => {
    const ports = [...graph].filter(([file]) => file.startsWith(gateways) && !file.startsWith(simulator));
    expect(ports.length).toBeGreaterThanOrEqual(7);
    for (const [file, targets] of ports) {
      expect(targets.filter((t) => !t.startsWith(gateways)).map(relative), relative(file)).toEqual([]);
    }
  });
});
