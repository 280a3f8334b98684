// A transpile-only TypeScript plugin: each .ts/.tsx file on its own through ts.transpileModule
// (tsconfig has isolatedModules, so that is safe). Type checking is `npm run typecheck`'s job; a
// plugin that builds a whole program per rollup config (@rollup/plugin-typescript) took ~10 s each on
// our machines, for the same output.
import ts from 'typescript';

export function transpileTypeScript({ tsconfig }) {
  const { config, error } = ts.readConfigFile(tsconfig, ts.sys.readFile);
  if (error) throw new Error(ts.flattenDiagnosticMessageText(error.messageText, '\n'));
  const { options } = ts.convertCompilerOptionsFromJson(config.compilerOptions, '.');
  const compilerOptions = { ...options, noEmit: false, declaration: false, sourceMap: false, paths: undefined };
  return {
    name: 'pasarela-transpile-typescript',
    transform(code, id) {
      if (!/\.tsx?$/.test(id) || id.endsWith('.d.ts')) return null;
      const { outputText } = ts.transpileModule(code, { compilerOptions, fileName: id, reportDiagnostics: false });
      return { code: outputText, map: null };
    },
  };
}
