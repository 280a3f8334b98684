import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// README.md is what npm shows: its examples compile in strict TypeScript against the published types.
const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const readme = readFileSync(here('../README.md'), 'utf8');
const examples = [...readme.matchAll(/```(?:js|ts)\n([\s\S]*?)```/g)].map((match) => match[1] ?? '');

/** The compiler's complaints about one example, as a module importing the package from its sources. */
function problems(example: string): string[] {
  const file = here('./readme-example.ts');
  const options: ts.CompilerOptions = {
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    lib: ['lib.es2022.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'],
    types: [],
    // the package's entries from their sources (@pasarela/core's name leads to its own)
    paths: { '@pasarela/checkout': [here('./index.ts')], '@pasarela/checkout/pure': [here('./pure.ts')] },
  };
  const host = ts.createCompilerHost(options);
  const readSource = host.getSourceFile.bind(host);
  host.getSourceFile = (name, language, ...rest) =>
    name == file ? ts.createSourceFile(name, `${example}\nexport {};\n`, language) : readSource(name, language, ...rest);
  const program = ts.createProgram([file], options, host);
  const source = program.getSourceFile(file);
  return [...program.getSyntacticDiagnostics(source), ...program.getSemanticDiagnostics(source)].map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
}

describe('packages/checkout/README.md', () => {
  it('has examples', () => expect(examples.length).toBeGreaterThan(0));

  it.each(examples.map((example, i) => [i + 1, example]))('example %i compiles against the types', (_, example) => {
    expect(problems(example)).toEqual([]);
  }, 60_000);
});
