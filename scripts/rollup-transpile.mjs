// A transpile-only TypeScript plugin: each .ts/.tsx file on its own through ts.transpileModule
// (tsconfig has isolatedModules, so that is safe). Type checking is `npm run typecheck`'s job;
// @rollup/plugin-typescript builds a whole program per rollup config, ~10 s each on our machines,
// which the small packages (loader entries, @pasarela/react, the React demo) do not need.
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
