// Transpile-only (tsconfig has isolatedModules): @rollup/plugin-typescript built a whole program per
// config, ~10 s each, for the same output. Type checking is `npm run typecheck`'s job.
import ts from 'typescript';

// Rollup runs every config in one process, and several configs share sources (the sandbox's three
// bundles, the widget and its server entry, the loader's builds): each file is transpiled once, and
// again only when its text changed. Path -> { source, output }.
const transpiled = new Map();

export function transpileTypeScript({ tsconfig }) {
  const { config, error } = ts.readConfigFile(tsconfig, ts.sys.readFile);
  if (error) throw new Error(ts.flattenDiagnosticMessageText(error.messageText, '\n'));
  const { options } = ts.convertCompilerOptionsFromJson(config.compilerOptions, '.');
  const compilerOptions = { ...options, noEmit: false, declaration: false, sourceMap: false, paths: undefined };
  return {
    name: 'pasarela-transpile-typescript',
    transform(code, id) {
      if (!/\.tsx?$/.test(id) || id.endsWith('.d.ts')) return null;
      const key = `${tsconfig}\0${id}`;
      const known = transpiled.get(key);
      if (known?.source === code) return { code: known.output, map: null };
      const { outputText } = ts.transpileModule(code, { compilerOptions, fileName: id, reportDiagnostics: false });
      transpiled.set(key, { source: code, output: outputText });
      return { code: outputText, map: null };
    },
  };
}
