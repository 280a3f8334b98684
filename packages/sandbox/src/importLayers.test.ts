import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { importCircles, importGraph, layerOrderBreaks } from '../../../scripts/import-graph.mjs';

const src = fileURLToPath(new URL('.', import.meta.url));

/**
 * The sandbox's rooms (its top-level folders, and the wiring's files), top to bottom: a room imports
 * only rooms below it, so a new upward import, or a new room left out of the list, fails here.
 */
const SANDBOX_LAYERS = [
  // The wiring: the entries (`npm start`, the library), a node, the server and its hono app.
  'main.ts', 'index.ts', 'runNode.ts', 'banner.ts', 'server.ts', 'app.ts', 'demoShop.ts', 'demoShopOrders.ts', 'settings.ts',
  // Routes parse, call and reply; the push server; the HTTP kit the routes share (only routes know HTTP).
  'routes', 'push', 'auth', 'http',
  // One service per method, and the dependencies they are handed.
  'payments', 'Deps.ts',
  // What the services use: the merchant's brand, e-mails, webhook delivery, the SQL, the changes
  // NOTIFYed between nodes, what a merchant sees of a payment, the database.
  'brand', 'mail', 'webhooks', 'store', 'changes', 'merchantView', 'db',
  // The ports, reached over HTTP; they import none of the above.
  'gateways',
  // Kernels every room may use: logging and metrics, the domain errors, password hashing, paths.
  'ops', 'errors', 'passwords', 'paths.ts', 'sandboxEnvironment.ts',
];
/** The relative imports of a file, type-only and lazy ones included. */
const importsOf = (file: string) => ts.preProcessFile(readFileSync(file, 'utf8'), true, true).importedFiles.map((i) => i.fileName);

describe('the sandbox\'s import graph', () => {
  it('no import runs upward: each room imports only the rooms below it in SANDBOX_LAYERS, and every room is in it', () => {
    expect(layerOrderBreaks(src, SANDBOX_LAYERS)).toEqual([]);
  });

  it('no file under payments/ imports http/ or the HTTP error (errors/ApiError), tests included: a service throws a PaymentError, never an HTTP status', () => {
    const dir = path.join(src, 'payments');
    const files = readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((name) => /\.tsx?$/.test(name)).map((name) => path.join(dir, name));
    expect(files.length).toBeGreaterThan(40);
    const http = path.join(src, 'http');
    const apiError = path.join(src, 'errors', 'ApiError');
    const leaks = files.flatMap((file) => importsOf(file)
      .filter((name) => name.startsWith('.'))
      .filter((name) => path.resolve(path.dirname(file), name).startsWith(http + path.sep) || path.resolve(path.dirname(file), name) === apiError)
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
