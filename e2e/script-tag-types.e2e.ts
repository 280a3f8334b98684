import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const rootDir = fileURLToPath(new URL('..', import.meta.url));

// docs/integration.md "Types": a page that loads /sdk/checkout.js with a <script> tag and is written
// in TypeScript gets the global `Checkout` from the built package's declarations (needs
// `npm run build`), as a merchant's compiler reads them: by package name, strict.
describe('the global Checkout for script-tag pages, from the published declarations', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(rootDir, 'node_modules', '.pasarela-script-tag-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  /** A page's script (no import or export: a classic script), compiled with `tsc --strict`; what tsc prints. */
  function compile(name: string, lines: string[]): { output: string; status: number | null } {
    const file = join(dir, name);
    writeFileSync(file, ['/// <reference types="@pasarela/checkout" />', ...lines].join('\n'));
    const tsc = join(rootDir, 'node_modules', 'typescript', 'bin', 'tsc');
    const args = ['--noEmit', '--strict', '--skipLibCheck', '--target', 'es2022', '--module', 'nodenext', '--moduleResolution', 'nodenext', file];
    const run = spawnSync(process.execPath, [tsc, ...args], { cwd: dir, encoding: 'utf8' });
    return { output: run.stdout + run.stderr, status: run.status };
  }

  const page = (estadoCheck: string, narrowed = true) => [
    "const button = document.querySelector<HTMLButtonElement>('#pay');",
    'button?.addEventListener("click", () => {',
    "  const handle = Checkout.open({ code: 'LK4F7Q2ZP9', lang: 'es', onClose: (event) => console.log(event.reason) });",
    '  handle.on("result", (result) => {',
    // An `unknown` result (the checkout closed before the answer) has `lookup`, not `notification`.
    `    if (${narrowed ? "result.status !== 'unknown' && " : ''}result.notification.Estado === ${estadoCheck}) console.log(result.notification.Oper);`,
    '  });',
    '  void window.Checkout.version;',
    '});',
  ];

  it('compiles a page that uses the global Checkout', () => {
    expect(compile('shop.ts', page("'PENDING'"))).toEqual({ output: '', status: 0 });
  }, 60_000);

  it('refuses an Estado that is not one of SPEC 4\'s overall results', () => {
    const { output, status } = compile('wrong-estado.ts', page("'APROBADO'"));
    expect(status).not.toBe(0);
    expect(output).toContain('wrong-estado.ts(6,');
    expect(output).toContain('error TS2367');
    expect(output).toMatch(/'"APROBADO"' have no overlap/);
  }, 60_000);

  it('refuses reading a result\'s notification before ruling out an unknown outcome', () => {
    const { output, status } = compile('not-narrowed.ts', page("'PENDING'", false));
    expect(status).not.toBe(0);
    expect(output).toContain('not-narrowed.ts(6,');
    expect(output).toMatch(/error TS2339: Property 'notification' does not exist on type/);
    expect(output).toContain('UnknownPaymentResult');
  }, 60_000);
});

/** The fenced code block of docs/integration.md that holds `marker`, its lines unindented. */
function integrationSnippet(marker: string): string[] {
  const blocks = readFileSync(join(rootDir, 'docs', 'integration.md'), 'utf8').split(/^ *```.*$/m).filter((_, i) => i % 2 === 1);
  const block = blocks.find((b) => b.includes(marker));
  if (!block) throw new Error(`no code block in docs/integration.md holds ${marker}`);
  const lines = block.split('\n').filter((line) => line.trim() !== '');
  const indent = Math.min(...lines.map((line) => /^ */.exec(line)?.[0].length ?? 0));
  return lines.map((line) => line.slice(indent));
}

// docs/integration.md's snippets as a merchant's strict TypeScript reads them, against the built
// package: what the page defines itself (`showThanks`, the link's `code`) declared beside them.
describe('docs/integration.md snippets compile under strict TypeScript', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(rootDir, 'node_modules', '.pasarela-doc-snippets-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  function compile(name: string, lines: string[]): { output: string; status: number | null } {
    const file = join(dir, name);
    writeFileSync(file, lines.join('\n'));
    const tsc = join(rootDir, 'node_modules', 'typescript', 'bin', 'tsc');
    const args = ['--noEmit', '--strict', '--skipLibCheck', '--target', 'es2022', '--module', 'nodenext', '--moduleResolution', 'nodenext', file];
    const run = spawnSync(process.execPath, [tsc, ...args], { cwd: dir, encoding: 'utf8' });
    return { output: run.stdout + run.stderr, status: run.status };
  }

  it('"Pay buttons without JavaScript": a document listener reads pasarela:result\'s detail', () => {
    const snippet = integrationSnippet("addEventListener('pasarela:result'");
    const page = ['/// <reference types="@pasarela/checkout" />', 'declare function showThanks(button: EventTarget | null, oper: string): void;', ...snippet];
    expect(compile('pay-buttons.ts', page)).toEqual({ output: '', status: 0 });
  }, 60_000);

  it('"@pasarela/checkout/pure": loadCheckout\'s Checkout opens a link', () => {
    const snippet = integrationSnippet("from '@pasarela/checkout/pure'");
    const imports = snippet.filter((line) => line.startsWith('import '));
    const module = [...imports, 'declare const code: string;', ...snippet.filter((line) => !imports.includes(line)), 'export {};'];
    expect(compile('on-demand.mts', module)).toEqual({ output: '', status: 0 });
  }, 60_000);
});

// What a merchant's editor shows on hover: the doc comment of `notification.Oper`, as the built
// declarations of @pasarela/checkout and @pasarela/react (which re-exports its types) carry it.
describe('the published types say when notification.Oper is empty', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(rootDir, 'node_modules', '.pasarela-oper-doc-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  function operDocumentation(packageName: string): string {
    const file = join(dir, `${packageName.replace(/\W/g, '-')}.mts`);
    writeFileSync(file, `import type { PaymentResult } from '${packageName}';\ndeclare const result: PaymentResult;\nresult.notification.Oper;\n`);
    const program = ts.createProgram([file], { strict: true, noEmit: true, skipLibCheck: true, target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext });
    const source = program.getSourceFile(file);
    const checker = program.getTypeChecker();
    let text = '';
    const visit = (node: ts.Node): void => {
      if (ts.isPropertyAccessExpression(node) && node.name.text === 'Oper') {
        text = ts.displayPartsToString(checker.getSymbolAtLocation(node.name)?.getDocumentationComment(checker));
      }
      ts.forEachChild(node, visit);
    };
    if (source) visit(source);
    return text;
  }

  it.each(['@pasarela/checkout', '@pasarela/react'])('%s: empty when refused before a payment was recorded, so nothing to verify', (packageName) => {
    const text = operDocumentation(packageName);
    expect(text).toContain("`''` when");
    expect(text).toContain("'ERROR'");
    expect(text).toContain('nothing to verify');
  }, 60_000);
});
