import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { importCircles, importGraph } from '../../../scripts/import-graph.mjs';

const src = fileURLToPath(new URL('.', import.meta.url));

/** The sandbox's rooms, top to bottom: what a room may import lies below it. */
const WIRING = ['app.ts', 'server.ts', 'main.ts', 'runNode.ts', 'faultNode.ts', 'demoShop.ts', 'banner.ts'];
const room = (file: string) => {
  const relative = path.relative(src, file);
  return relative.includes(path.sep) ? relative.split(path.sep)[0] ?? '' : relative;
};
/** Rooms that must not import these (higher) rooms. */
const BELOW: Readonly<Record<string, readonly string[]>> = {
  routes: WIRING,
  // Services speak in domain errors (errors/PaymentError); onError alone makes them HTTP.
  payments: [...WIRING, 'routes', 'http'],
  webhooks: [...WIRING, 'routes'],
  push: [...WIRING, 'routes'],
  gateways: [...WIRING, 'routes', 'payments', 'store'],
  store: [...WIRING, 'routes', 'payments', 'gateways', 'http'],
  mail: [...WIRING, 'routes', 'payments'],
  http: [...WIRING, 'routes', 'payments'],
  auth: [...WIRING, 'routes', 'payments'],
  db: [...WIRING, 'routes', 'payments', 'store', 'gateways'],
  errors: [...WIRING, 'routes', 'payments', 'webhooks', 'push', 'gateways', 'store', 'mail', 'http', 'auth', 'db'],
};

/** The relative imports of a file, type-only and lazy ones included. */
const importsOf = (file: string) => ts.preProcessFile(readFileSync(file, 'utf8'), true, true).importedFiles.map((i) => i.fileName);

describe('the sandbox\'s import graph', () => {
  it('no import runs upward: routes below the wiring, services below the routes, ports and SQL below the services', () => {
    const upward = [...importGraph(src)].flatMap(([file, targets]) => {
      const forbidden = BELOW[room(file)] ?? [];
      return targets.filter((t) => forbidden.includes(room(t))).map((t) => `${path.relative(src, file)} -> ${path.relative(src, t)}`);
    });
    expect(upward).toEqual([]);
  });

  it('no file under payments/ imports from http/, tests included: a service throws a PaymentError, never an HTTP status', () => {
    const dir = path.join(src, 'payments');
    const files = readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((name) => /\.tsx?$/.test(name)).map((name) => path.join(dir, name));
    expect(files.length).toBeGreaterThan(40);
    const http = path.join(src, 'http');
    const leaks = files.flatMap((file) => importsOf(file)
      .filter((name) => name.startsWith('.') && path.resolve(path.dirname(file), name).startsWith(http + path.sep))
      .map((name) => `${path.relative(src, file)} -> ${name}`));
    expect(leaks).toEqual([]);
  });

  it('has no import circle, type-only imports included (scripts/import-graph.mjs, as for the other packages)', () => {
    expect(importCircles(src)).toEqual([]);
  });

  it('the server npm start runs (main.ts) imports no test code: no tests, test helpers or fault adapters', () => {
    const graph = importGraph(src);
    const reached = new Set<string>();
    const visit = (file: string) => {
      if (reached.has(file)) return;
      reached.add(file);
      for (const target of graph.get(file) ?? []) visit(target);
    };
    visit(path.join(src, 'main.ts'));
    expect(reached.size).toBeGreaterThan(50);
    // The graph leaves test code out, so each reached file's own imports are read for it.
    const testCode = [...reached].flatMap((file) => importsOf(file)
      .filter((name) => /\.test(?:\.ts)?$|\/testing\/|(?:^|\/)test\/|faultNode/.test(name))
      .map((name) => `${path.relative(src, file)} -> ${name}`));
    expect(testCode).toEqual([]);
  });
});
