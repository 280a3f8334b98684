import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const packagesDir = path.resolve(fileURLToPath(new URL('../packages/', import.meta.url)));

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' || entry.name === 'dist' ? [] : sourceFiles(full);
    return /\.(tsx?|mjs|js)$/.test(entry.name) ? [full] : [];
  });
}

/** Every import (tests' too, type-only and lazy ones) of a package's files that reaches into another package by a relative path. */
function crossPackageImports(root = packagesDir): string[] {
  const found: string[] = [];
  for (const pkg of fs.readdirSync(root)) {
    const pkgDir = path.join(root, pkg);
    if (!fs.existsSync(path.join(pkgDir, 'package.json'))) continue;
    for (const file of sourceFiles(pkgDir)) {
      for (const { fileName } of ts.preProcessFile(fs.readFileSync(file, 'utf8'), true, true).importedFiles) {
        if (!fileName.startsWith('.')) continue;
        const target = path.resolve(path.dirname(file), fileName);
        // The repository's own scripts are no package: only another package's folder counts.
        if (target.startsWith(root + path.sep) && !target.startsWith(pkgDir + path.sep)) found.push(`${path.relative(root, file)} -> ${fileName}`);
      }
    }
  }
  return found;
}

// A package is reached by its name, never by a path into its folder: a path works in this clone only,
// and bundles a second copy of what it reaches (the server's dist/server.mjs its own ports, say).
describe('package boundaries', () => {
  it('no package imports another package\'s files by a relative path', () => {
    expect(crossPackageImports()).toEqual([]);
  });

  it('finds one that does', () => {
    const root = fs.mkdtempSync(path.join(fs.mkdtempSync(path.join(packagesDir, '..', 'node_modules', '.boundaries-')), 'packages-'));
    try {
      for (const name of ['a', 'b']) {
        fs.mkdirSync(path.join(root, name, 'src'), { recursive: true });
        fs.writeFileSync(path.join(root, name, 'package.json'), '{}');
      }
      fs.writeFileSync(path.join(root, 'a', 'src', 'ok.ts'), "import { x } from './x';\nimport { y } from '@scope/b';\n");
      fs.writeFileSync(path.join(root, 'a', 'src', 'x.test.ts'), "import type { Y } from '../../b/src/y';\n");
      expect(crossPackageImports(root)).toEqual([`${path.join('a', 'src', 'x.test.ts')} -> ../../b/src/y`]);
    } finally {
      fs.rmSync(path.dirname(root), { recursive: true, force: true });
    }
  });
});
