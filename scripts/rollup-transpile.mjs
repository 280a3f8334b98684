// Transpile-only (tsconfig has isolatedModules): @rollup/plugin-typescript built a whole program per
// config, ~10 s each, for the same output. Type checking is `npm run typecheck`'s job.
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
