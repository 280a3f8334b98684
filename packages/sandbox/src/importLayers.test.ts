import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { importGraph } from '../../../scripts/import-graph.mjs';

const src = fileURLToPath(new URL('.', import.meta.url));

/** The sandbox's rooms, top to bottom: what a room may import lies below it. */
const WIRING = ['app.ts', 'server.ts', 'main.ts', 'demoShop.ts', 'banner.ts'];
const room = (file: string) => {
  const relative = path.relative(src, file);
  return relative.includes(path.sep) ? relative.split(path.sep)[0] ?? '' : relative;
};
/** Rooms that must not import these (higher) rooms. */
const BELOW: Readonly<Record<string, readonly string[]>> = {
  routes: WIRING,
  payments: [...WIRING, 'routes'],
  webhooks: [...WIRING, 'routes'],
  push: [...WIRING, 'routes'],
  gateways: [...WIRING, 'routes', 'payments', 'store'],
  store: [...WIRING, 'routes', 'payments', 'gateways'],
  mail: [...WIRING, 'routes', 'payments'],
  http: [...WIRING, 'routes', 'payments'],
  auth: [...WIRING, 'routes', 'payments'],
  db: [...WIRING, 'routes', 'payments', 'store', 'gateways'],
};

describe('the sandbox\'s import graph', () => {
  it('no import runs upward: routes below the wiring, services below the routes, ports and SQL below the services', () => {
    const upward = [...importGraph(src)].flatMap(([file, targets]) => {
      const forbidden = BELOW[room(file)] ?? [];
      return targets.filter((t) => forbidden.includes(room(t))).map((t) => `${path.relative(src, file)} -> ${path.relative(src, t)}`);
    });
    expect(upward).toEqual([]);
  });
});
