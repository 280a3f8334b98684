// The import graph of a package's source and its circles. Type-only and lazy imports count too: a
// circle of types still ties the files' meaning together. Used by packages/widget/src/importGraph.test.ts.
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
