// Share of comment lines per package, source and tests apart: `node scripts/comment-ratio.mjs
// [--files]`. Counts non-blank lines of tracked code; a line holding only comment is comment.
// `--files` also lists each file, most comment lines first.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const rootDir = fileURLToPath(new URL('..', import.meta.url));
const SOURCE = /\.(ts|tsx|mts|cts|js|mjs|cjs)$/;

function kindOf(path) {
  if (path.endsWith('.tsx')) return ts.ScriptKind.TSX;
  if (/\.(js|mjs|cjs)$/.test(path)) return ts.ScriptKind.JS;
  return ts.ScriptKind.TS;
}

function countLines(path, text) {
  const file = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, false, kindOf(path));
  const lineOf = (pos) => file.getLineAndCharacterOfPosition(pos).line;
  const code = new Set();
  const comment = new Set();
  const markRange = (set, start, end) => {
    for (let line = lineOf(start); line <= lineOf(Math.max(start, end - 1)); line++) set.add(line);
  };
  // Tokens are code; the gaps between them hold only whitespace and comments, which a plain
  // scanner reads safely (no regex or JSX text to mistake for a comment).
  const tokens = [];
  const visit = (node) => {
    if (node.kind === ts.SyntaxKind.JSDoc) return;
    const children = node.getChildren(file);
    if (children.length > 0) return children.forEach(visit);
    const start = node.getStart(file, false);
    const blankJsx = node.kind === ts.SyntaxKind.JsxText && !text.slice(start, node.end).trim();
    if (node.end > start && !blankJsx) tokens.push([start, node.end]);
  };
  visit(file);
  const scanner = ts.createScanner(ts.ScriptTarget.Latest, false);
  let gapStart = 0;
  for (const [start, end] of [...tokens, [text.length, text.length]]) {
    scanner.setText(text, gapStart, start - gapStart);
    for (let kind = scanner.scan(); kind !== ts.SyntaxKind.EndOfFileToken; kind = scanner.scan()) {
      if (kind === ts.SyntaxKind.SingleLineCommentTrivia || kind === ts.SyntaxKind.MultiLineCommentTrivia) {
        markRange(comment, scanner.getTokenStart(), scanner.getTokenEnd());
      }
    }
    if (end > start) markRange(code, start, end);
    gapStart = Math.max(gapStart, end);
  }
  let codeLines = 0;
  let commentLines = 0;
  text.split('\n').forEach((line, index) => {
    if (!line.trim()) return;
    if (comment.has(index) && !code.has(index)) commentLines++;
    else codeLines++;
  });
  return { codeLines, commentLines };
}

function groupOf(path) {
  const parts = path.split('/');
  return parts[0] === 'packages' ? `packages/${parts[1]}` : parts[0];
}

const isTest = (path) => /(\.test\.|\.e2e\.|^e2e\/|\/test\/)/.test(path);
const percent = (part, whole) => (whole ? ((100 * part) / whole).toFixed(1) : '0.0');
const empty = () => ({ codeLines: 0, commentLines: 0 });
const add = (sum, counts) => {
  sum.codeLines += counts.codeLines;
  sum.commentLines += counts.commentLines;
};
const cells = (g) =>
  `${String(g.codeLines).padStart(8)}${String(g.commentLines).padStart(9)}` +
  `${percent(g.commentLines, g.codeLines + g.commentLines).padStart(7)} %`;

function main() {
  const files = execFileSync('git', ['ls-files'], { cwd: rootDir, encoding: 'utf8' })
    .split('\n')
    .filter((path) => SOURCE.test(path) && !/\.d\.[cm]?ts$/.test(path));
  const groups = new Map();
  const total = { source: empty(), tests: empty() };
  const perFile = [];
  for (const path of files) {
    const counts = countLines(path, readFileSync(new URL(path, `file://${rootDir}`), 'utf8'));
    perFile.push({ path, ...counts });
    const group = groups.get(groupOf(path)) ?? { source: empty(), tests: empty() };
    const side = isTest(path) ? 'tests' : 'source';
    add(group[side], counts);
    add(total[side], counts);
    groups.set(groupOf(path), group);
  }
  console.log(`${''.padEnd(26)}${'source'.padEnd(26)}tests`);
  console.log(`${'where'.padEnd(26)}${'   code  comment  share'.padEnd(26)}   code  comment  share`);
  const rows = [...groups].sort(([a], [b]) => a.localeCompare(b));
  for (const [name, g] of [...rows, ['total', total]]) {
    console.log(`${name.padEnd(26)}${cells(g.source)}  ${cells(g.tests)}`);
  }
  if (process.argv.includes('--files')) {
    console.log('');
    perFile
      .sort((a, b) => b.commentLines - a.commentLines)
      .forEach((f) => console.log(`${cells(f)}  ${f.path}`));
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main();
