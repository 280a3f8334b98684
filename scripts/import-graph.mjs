// The import graph of a package's source and its circles. Type-only and lazy imports count too: a
// circle of types still ties the files' meaning together. Used by packages/widget/src/importGraph.test.ts
// and each package's importLayers.test.ts (its rooms, top-level folders, in order top to bottom).
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const SOURCE = /\.tsx?$/;
const TEST = /\.test\.tsx?$|\.test-d\.ts$|\/testing\//;

function sourceFiles(dir) {
  const files = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) files.push(...sourceFiles(full));
    else if (SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts') && !TEST.test(full)) files.push(full);
  }
  return files;
}

function resolveRelative(from, specifier) {
  const base = path.resolve(path.dirname(from), specifier.replace(/\.js$/, ''));
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')]) {
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  return null;
}

export function importGraph(dir) {
  const root = path.resolve(dir);
  const graph = new Map();
  for (const file of sourceFiles(root)) {
    const { importedFiles } = ts.preProcessFile(fs.readFileSync(file, 'utf8'), true, true);
    const targets = new Set();
    for (const { fileName } of importedFiles) {
      if (!fileName.startsWith('.')) continue;
      const target = resolveRelative(file, fileName);
      if (target && target.startsWith(root + path.sep) && !TEST.test(target)) targets.add(target);
    }
    graph.set(file, [...targets]);
  }
  return graph;
}

export function importCircles(dir) {
  const root = path.resolve(dir);
  const graph = importGraph(root);
  let next = 0;
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const circles = [];
  const visit = (file) => {
    index.set(file, next);
    low.set(file, next);
    next += 1;
    stack.push(file);
    onStack.add(file);
    for (const target of graph.get(file) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file), low.get(target)));
      } else if (onStack.has(target)) low.set(file, Math.min(low.get(file), index.get(target)));
    }
    if (low.get(file) !== index.get(file)) return;
    const group = [];
    let member;
    do {
      member = stack.pop();
      onStack.delete(member);
      group.push(member);
    } while (member !== file);
    if (group.length > 1 || (graph.get(file) ?? []).includes(file)) circles.push(group.map((f) => path.relative(root, f)).sort());
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return circles;
}

/**
 * A file's room: its top-level folder under `root`, or its own name when `named` holds it (a
 * top-level file that stands apart, as the sandbox's wiring does), else '.' (the other top-level files).
 */
function roomOf(root, file, named) {
  const [first, ...rest] = path.relative(root, file).split(path.sep);
  if (rest.length > 0) return first;
  return named.has(first) ? first : '.';
}

/** The rooms of `dir` and each import from one room into another, as [from room, to room, from file, to file]. */
function roomImports(dir, named = new Set()) {
  const root = path.resolve(dir);
  const rooms = new Set();
  const imports = [];
  for (const [file, targets] of importGraph(root)) {
    const from = roomOf(root, file, named);
    rooms.add(from);
    for (const target of targets) {
      const to = roomOf(root, target, named);
      if (to !== from) imports.push([from, to, path.relative(root, file), path.relative(root, target)]);
    }
  }
  return { rooms, imports };
}

/**
 * What breaks `order` (the rooms of `dir`, top to bottom; a room imports only rooms below it): each
 * import into a room at or above the importer's, each room the order leaves out, each name in the
 * order that is no room (files of `dir` named in the order are rooms of their own, '.' the others).
 */
export function layerOrderBreaks(dir, order) {
  const named = new Set(order.filter((room) => room !== '.' && /\.[cm]?[jt]sx?$/.test(room)));
  const { rooms, imports } = roomImports(dir, named);
  const rank = new Map(order.map((room, i) => [room, i]));
  const breaks = [];
  for (const room of [...rooms].sort()) if (!rank.has(room)) breaks.push(`${room}: a room the order leaves out`);
  for (const room of order) if (!rooms.has(room)) breaks.push(`${room}: in the order, but no room of ${path.basename(path.dirname(path.resolve(dir)))}/${path.basename(dir)}`);
  for (const [from, to, file, target] of imports) {
    if (rank.has(from) && rank.has(to) && rank.get(to) < rank.get(from)) breaks.push(`${file} -> ${target}: ${from} imports ${to}, above it`);
  }
  return breaks;
}

/**
 * The rooms of `dir` in an order their imports allow, top (imported by none) first, ties by name;
 * the rooms caught in an import circle, which no order allows, come last under `circle`.
 */
export function derivedLayerOrder(dir, named = []) {
  const { rooms, imports } = roomImports(dir, new Set(named));
  const below = new Map([...rooms].map((room) => [room, new Set()]));
  for (const [from, to] of imports) below.get(from)?.add(to);
  const importers = new Map([...rooms].map((room) => [room, 0]));
  for (const targets of below.values()) for (const to of targets) importers.set(to, (importers.get(to) ?? 0) + 1);
  const order = [];
  let ready = [...rooms].filter((room) => importers.get(room) === 0).sort();
  while (ready.length > 0) {
    const room = ready.shift();
    order.push(room);
    for (const to of below.get(room) ?? []) {
      importers.set(to, importers.get(to) - 1);
      if (importers.get(to) === 0) ready = [...ready, to].sort();
    }
  }
  return { order, circle: [...rooms].filter((room) => !order.includes(room)).sort() };
}
