// One build for the whole product: the loader SDK (script tag + ESM + CommonJS + .d.ts), the widget (ESM chunks on
// preact/compat plus its HTML template) and the sandbox server bundle.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import alias from '@rollup/plugin-alias';
import commonjs from '@rollup/plugin-commonjs';
import resolve from '@rollup/plugin-node-resolve';
import replace from '@rollup/plugin-replace';
import terser from '@rollup/plugin-terser';
import MagicString from 'magic-string';
import { dts } from 'rollup-plugin-dts';
import { preactAliases } from './scripts/preact-aliases.mjs';
import { transpileTypeScript } from './scripts/rollup-transpile.mjs';
import { minifyCss, widgetHtml } from './scripts/rollup-widget-html.mjs';

const root = (p) => fileURLToPath(new URL(p, import.meta.url));
const pkg = JSON.parse(readFileSync(root('./packages/checkout/package.json'), 'utf8'));

const coreAlias = { find: /^@pasarela\/core$/, replacement: root('./packages/core/src/index.ts') };
// The server and the simulator bundle the ports from their sources (the unknown-outcome error is
// recognised by its brand, so a provider's module holding its own copy of the package still agrees).
const gatewaysAlias = { find: /^@pasarela\/gateways$/, replacement: root('./packages/gateways/src/index.ts') };
// The server's and the card vault's PGlite statements, bundled into each (their own processes).
const pgliteStatementsAlias = { find: /^@pasarela\/pglite-statements$/, replacement: root('./packages/pglite-statements/src/index.ts') };


// Every build transpiles file by file: no type check here (npm run typecheck does it). The widget and
// the sandbox built through @rollup/plugin-typescript, a whole program each, came out byte for byte
// the same at 23 more CPU-s.
const transpile = () => transpileTypeScript({ tsconfig: root('./tsconfig.json') });
const tsExtensions = ['.mjs', '.js', '.ts', '.tsx'];

const minify = terser({ format: { comments: false }, compress: { passes: 2 } });
// hoisting function declarations is semantics-preserving and saves ~20 B gzip on the loader; a third
// pass and ES2020 output (the loader already ships ?. and ??) save ~25 B more
const minifyLoader = terser({ ecma: 2020, format: { comments: false }, compress: { passes: 3, hoist_funs: true } });

// In the script tag's build, `import.meta.url` (the loader's own address, read once at start-up) only needs
// the running <script>'s src; rollup's general shim is ~200 bytes longer than this, and the loader's
// budget is 8 KB. Outside a browser it yields "file:", whose origin is "null", as in tests. The
// CommonJS build reads it the same way (rollup's own shim there throws under a partial DOM shim).
function scriptTagUrl() {
  return {
    name: 'pasarela-script-tag-url',
    resolveImportMeta(property, { format }) {
      if (property !== 'url' || (format !== 'iife' && format !== 'cjs')) return null;
      return '(typeof document<"u"&&document.currentScript&&document.currentScript.src||"file:")';
    },
  };
}

const loaderPlugins = () => [
  alias({ entries: [coreAlias] }),
  replace({ preventAssignment: true, values: { __SDK_VERSION__: JSON.stringify(pkg.version) } }),
  resolve({ browser: true, extensions: tsExtensions }),
  transpile(),
  scriptTagUrl(),
];

// core is pure rules, but builds some tables at module level that the loader never reads
// (LINK_METHOD_TOKENS, ~100 B gzip); rollup cannot prove their construction has no side effects.
const loaderTreeshake = { moduleSideEffects: (id) => !id.startsWith(root('./packages/core/')) };

// Two entries: the script tag's build also wires zero-JS pay buttons (a listener on the page), which
// the ESM build leaves out so that importing it has no side effects. The script tag's is a classic
// script that always sets the global `Checkout`: a UMD wrapper hands itself to define() instead on a
// page with an AMD loader (RequireJS, as Magento 2's pages have), which leaves no global and no pay
// button working. A bundler takes the ESM or CommonJS build.
const loader = [
  {
    input: root('./packages/checkout/src/scriptTag.ts'),
    plugins: loaderPlugins(),
    treeshake: loaderTreeshake,
    output: {
      file: root('./packages/checkout/dist/checkout.js'), format: 'iife', name: 'Checkout', exports: 'default', plugins: [minifyLoader],
      // require()d (a server, an old CommonJS bundle) it answers the same API, as a UMD would
      footer: 'typeof module=="object"&&module.exports&&(module.exports=Checkout);',
    },
  },
  {
    input: root('./packages/checkout/src/index.ts'),
    plugins: loaderPlugins(),
    treeshake: loaderTreeshake,
    output: [
      { file: root('./packages/checkout/dist/checkout.mjs'), format: 'es', plugins: [minifyLoader] },
      // `require('@pasarela/checkout')`: the same API as the ESM build, with no listener on the page.
      { file: root('./packages/checkout/dist/checkout.cjs'), format: 'cjs', plugins: [minifyLoader] },
    ],
  },
];

// `@pasarela/checkout/pure`: loadCheckout() alone, which fetches /sdk/checkout.js when called.
const loaderPure = {
  input: root('./packages/checkout/src/pure.ts'),
  plugins: loaderPlugins(),
  output: [
    { file: root('./packages/checkout/dist/pure.mjs'), format: 'es', plugins: [minifyLoader] },
    { file: root('./packages/checkout/dist/pure.cjs'), format: 'cjs', plugins: [minifyLoader] },
  ],
};

// The published declarations: TypeScript 7 emits one .d.ts per source file (the loader's, core's
// and the React package's, tsconfig.declarations.json, into dist/declarations/) in about a second,
// and rollup-plugin-dts bundles each package's from those. rollup-plugin-dts reading the sources
// made a TypeScript 5.9 program per bundle (about 12 s of the build for the three); the bundles
// are the same but for the quotes of literal types, which TypeScript 7 keeps as written.
const declarations = root('./dist/declarations');
let emitted;
function emitDeclarations() {
  return {
    name: 'pasarela-emit-declarations',
    buildStart() {
      emitted ??= spawnSync(process.execPath, [root('./node_modules/typescript7/bin/tsc'), '-p', root('./tsconfig.declarations.json')], {
        encoding: 'utf8',
      });
      if (emitted.status !== 0) this.error(`TypeScript could not emit the declarations:\n${emitted.stdout}${emitted.stderr}`);
    },
  };
}
const declarationsOf = (path) => `${declarations}/${path}.d.ts`;

// The same declarations twice: .d.mts for `import`, .d.ts for `require` (the package is CommonJS
// by default), so TypeScript's node16 resolution sees each build in its own module format.
const dtsOf = (entry, name) => ({
  input: declarationsOf(`checkout/src/${entry}`),
  plugins: [
    emitDeclarations(),
    alias({ entries: [{ find: /^@pasarela\/core$/, replacement: declarationsOf('core/src/index') }] }),
    dts({ respectExternal: false }),
  ],
  output: ['d.ts', 'd.mts'].map((ext) => ({ file: root(`./packages/checkout/dist/${name}.${ext}`), format: 'es' })),
});
const loaderTypes = [dtsOf('index', 'checkout'), dtsOf('pure', 'pure')];

// @pasarela/react: ESM for bundlers and CommonJS for require(), unminified (the app's bundler
// minifies), with React and the loader left as imports (react is a peer dependency,
// @pasarela/checkout a dependency). Every export is a hook or a component that uses hooks, so the
// whole module is a client module: the 'use client' directive heads both files, for React Server
// Components frameworks (Next.js App Router) to keep it out of the server graph.
const reactExternal = (id) => /^(react|react-dom|@pasarela\/checkout)(\/|$)/.test(id);
const useClient = "'use client';";
const reactPackage = {
  input: root('./packages/react/src/index.ts'),
  plugins: [resolve({ extensions: tsExtensions }), transpile()],
  external: reactExternal,
  output: [
    { file: root('./packages/react/dist/index.js'), format: 'es', banner: useClient },
    { file: root('./packages/react/dist/index.cjs'), format: 'cjs', banner: useClient },
  ],
};
// .d.ts for `import` (the package is ESM by default) and .d.cts for `require`.
const reactTypes = {
  input: declarationsOf('react/src/index'),
  plugins: [emitDeclarations(), dts({ respectExternal: false })],
  external: reactExternal,
  output: ['d.ts', 'd.cts'].map((ext) => ({ file: root(`./packages/react/dist/index.${ext}`), format: 'es' })),
};

// @pasarela/node: ESM and CommonJS for Node, unminified, valibot (a dependency) and Node's own
// modules left as imports; .d.ts for `import` (the package is ESM by default) and .d.cts for `require`.
const nodeExternal = (id) => id === 'valibot' || id.startsWith('node:');
const nodePackage = {
  input: root('./packages/node/src/index.ts'),
  plugins: [resolve({ preferBuiltins: true, extensions: tsExtensions }), transpile()],
  external: nodeExternal,
  output: [
    { file: root('./packages/node/dist/index.js'), format: 'es' },
    { file: root('./packages/node/dist/index.cjs'), format: 'cjs' },
  ],
};
// Its bin (`npx @pasarela/node listen`): one ES module with the client inside.
const nodeCli = {
  ...nodePackage,
  input: root('./packages/node/src/cli.ts'),
  output: { file: root('./packages/node/dist/cli.js'), format: 'es', banner: '#!/usr/bin/env node' },
};
const nodeTypes = {
  input: declarationsOf('node/src/index'),
  plugins: [emitDeclarations(), dts({ respectExternal: false })],
  external: nodeExternal,
  output: ['d.ts', 'd.cts'].map((ext) => ({ file: root(`./packages/node/dist/index.${ext}`), format: 'es' })),
};

// @pasarela/gateways: the ports a provider's adapter implements, ESM and CommonJS for Node,
// unminified, Node's own modules left as imports.
const gatewaysExternal = (id) => id.startsWith('node:');
const gatewaysPackage = {
  input: root('./packages/gateways/src/index.ts'),
  plugins: [resolve({ preferBuiltins: true, extensions: tsExtensions }), transpile()],
  external: gatewaysExternal,
  output: [
    { file: root('./packages/gateways/dist/index.js'), format: 'es' },
    { file: root('./packages/gateways/dist/index.cjs'), format: 'cjs' },
  ],
};
// Its bin (`npx pasarela-gateways contract <module>`): one ES module with the kit inside.
const gatewaysCli = {
  ...gatewaysPackage,
  input: root('./packages/gateways/src/bin.ts'),
  output: { file: root('./packages/gateways/dist/cli.js'), format: 'es', banner: '#!/usr/bin/env node' },
};
const gatewaysTypes = {
  input: declarationsOf('gateways/src/index'),
  plugins: [emitDeclarations(), dts({ respectExternal: false })],
  external: gatewaysExternal,
  output: ['d.ts', 'd.cts'].map((ext) => ({ file: root(`./packages/gateways/dist/index.${ext}`), format: 'es' })),
};

// @pasarela/gateway-stripe: the card port on Stripe, ESM and CommonJS for Node, unminified, with
// the stripe client and @pasarela/gateways (its dependencies) left as imports.
const gatewayStripeExternal = (id) => id === 'stripe' || id === '@pasarela/gateways' || id.startsWith('node:');
const gatewayStripePackage = {
  input: root('./packages/gateway-stripe/src/index.ts'),
  plugins: [resolve({ preferBuiltins: true, extensions: tsExtensions }), transpile()],
  external: gatewayStripeExternal,
  output: [
    { file: root('./packages/gateway-stripe/dist/index.js'), format: 'es' },
    { file: root('./packages/gateway-stripe/dist/index.cjs'), format: 'cjs', exports: 'named' },
  ],
};
const gatewayStripeTypes = {
  input: declarationsOf('gateway-stripe/src/index'),
  plugins: [emitDeclarations(), dts({ respectExternal: false })],
  external: gatewayStripeExternal,
  output: ['d.ts', 'd.cts'].map((ext) => ({ file: root(`./packages/gateway-stripe/dist/index.${ext}`), format: 'es' })),
};

// examples/react.html's bundle, as a merchant's build would make it: React 19 and the packages
// as they ship (their built files, not their sources). Served by the demo shop, not published.
const reactDemo = {
  input: root('./examples/react/main.tsx'),
  plugins: [
    alias({
      entries: [
        { find: /^@pasarela\/react$/, replacement: root('./packages/react/dist/index.js') },
        { find: /^@pasarela\/checkout$/, replacement: root('./packages/checkout/dist/checkout.mjs') },
      ],
    }),
    replace({ preventAssignment: true, values: { 'process.env.NODE_ENV': JSON.stringify('production') } }),
    resolve({ browser: true, extensions: tsExtensions }),
    commonjs(),
    transpile(),
  ],
  output: { file: root('./examples/dist/react-demo.js'), format: 'es', plugins: [minify] },
};

// V8 compiles a function the first time it is called. The card payment's code and the receipt
// screens are fetched while the payer types (CardScreen's preparePayment), so they are compiled
// whole as they load, in that idle time, and not between Pay and the receipt: V8's explicit compile
// hint, a first line `//# allFunctionsCalledOnLoad` (https://v8.dev/blog/explicit-compile-hints).
// It marks the chunks of those two imports and the chunks they import, never the entry chunk, and
// only chunks of our own sources: a library's code is shipped as published.
// Paired with the same build without it (npm run bench:pay -- --against), Pay to receipt on the
// phone profile: see docs/performance.md.
const FETCHED_WHILE_TYPING = [root('./packages/widget/src/methods/card/pay.ts'), root('./packages/widget/src/receipts/receipts.ts')];
function compileWholeWhenFetched(facades) {
  // Worked out once per output from its chunk graph, not again for every chunk.
  const markedIn = new WeakMap();
  const ownSources = root('./packages/');
  const markedChunks = (chunks) => {
    const seen = new Set();
    const marked = new Set();
    const visit = (name) => {
      const c = chunks[name];
      if (!c || c.isEntry || seen.has(name)) return;
      seen.add(name);
      if (Object.keys(c.modules).every((id) => id.startsWith(ownSources))) marked.add(name);
      c.imports.forEach(visit);
    };
    Object.values(chunks).filter((c) => c.isDynamicEntry && facades.includes(c.facadeModuleId)).forEach((c) => visit(c.fileName));
    return marked;
  };
  return {
    name: 'pasarela-compile-whole-when-fetched',
    renderChunk(code, chunk, _options, { chunks }) {
      if (!markedIn.has(chunks)) markedIn.set(chunks, markedChunks(chunks));
      if (!markedIn.get(chunks).has(chunk.fileName)) return null;
      const hinted = new MagicString(code).prepend('//# allFunctionsCalledOnLoad\n');
      return { code: hinted.toString(), map: hinted.generateMap({ hires: true }) };
    },
  };
}

const widget = {
  input: { main: root('./packages/widget/src/main.tsx'), boot: root('./packages/widget/src/boot.ts') },
  plugins: [
    alias({ entries: [coreAlias, ...preactAliases] }),
    replace({
      preventAssignment: true,
      values: { 'process.env.NODE_ENV': JSON.stringify('production') },
    }),
    resolve({ browser: true, extensions: ['.mjs', '.js', '.ts', '.tsx', '.json'] }),
    commonjs(),
    transpile(),
    // styles.css is inlined in the page; styles.later.css is linked when a later screen shows.
    widgetHtml({ cssFile: root('./packages/widget/src/styles.css'), laterCssFile: root('./packages/widget/src/styles.later.css'), assetsBase: '/widget/' }),
  ],
  // As for the loader: core is pure rules, so a core module none of whose exports the checkout uses
  // (the server's payload schemas, say) is left out whole (about 1.2 KB gzip of the entry chunk).
  treeshake: loaderTreeshake,
  output: {
    dir: root('./packages/widget/dist'),
    format: 'es',
    entryFileNames: 'assets/[name]-[hash].js',
    chunkFileNames: 'assets/[name]-[hash].js',
    plugins: [minify, compileWholeWhenFetched(FETCHED_WHILE_TYPING)],
  },
};

// The widget's server entry (prerender.tsx): the sandbox renders the first screen into the widget
// page with it. The browser build's aliases, so both render the same components; lazy screens stay
// chunks of their own, loaded only when rendered.
const widgetServer = {
  input: { prerender: root('./packages/widget/src/prerender.tsx') },
  plugins: [
    alias({ entries: [coreAlias, ...preactAliases] }),
    replace({ preventAssignment: true, values: { 'process.env.NODE_ENV': JSON.stringify('production') } }),
    resolve({ preferBuiltins: true, exportConditions: ['node'], extensions: tsExtensions }),
    commonjs(),
    transpile(),
  ],
  output: { dir: root('./packages/widget/dist/server'), format: 'es', entryFileNames: '[name].mjs', chunkFileNames: 'chunks/[name]-[hash].mjs' },
};

// The page a shop's page elsewhere gets in the frame of a merchant with domain validation
// (packages/sandbox/src/routes/pages/refusedHerePage.ts inlines it): penpal alone, to tell the shop why.
const widgetRefusedHere = {
  input: root('./packages/widget/src/embed/refusedHere.ts'),
  plugins: [resolve({ browser: true, extensions: tsExtensions }), transpile()],
  output: { file: root('./packages/widget/dist/refused-here.js'), format: 'es', plugins: [minify] },
};

// The sandbox console (packages/console): one bundle on the widget's stack, its CSS beside it,
// served by the sandbox at /sandbox/console. A developer tool, so no lazy chunks.
function consoleCss(cssFile) {
  return {
    name: 'pasarela-console-css',
    buildStart() {
      this.addWatchFile(cssFile);
    },
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'console.css', source: minifyCss(readFileSync(cssFile, 'utf8')) });
    },
  };
}

const consoleApp = {
  input: root('./packages/console/src/main.tsx'),
  plugins: [
    alias({ entries: [coreAlias, ...preactAliases] }),
    replace({ preventAssignment: true, values: { 'process.env.NODE_ENV': JSON.stringify('production') } }),
    resolve({ browser: true, extensions: ['.mjs', '.js', '.ts', '.tsx', '.json'] }),
    commonjs(),
    transpile(),
    consoleCss(root('./packages/console/src/styles.css')),
  ],
  output: { file: root('./packages/console/dist/console.js'), format: 'es', plugins: [minify] },
};

const sandbox = {
  input: root('./packages/sandbox/src/main.ts'),
  plugins: [
    alias({ entries: [coreAlias, gatewaysAlias, pgliteStatementsAlias] }),
    resolve({ preferBuiltins: true, exportConditions: ['node'], extensions: tsExtensions }),
    transpile(),
  ],
  // Runtime dependencies stay in node_modules; only our own code is bundled.
  external: (id) => !id.startsWith('.') && !id.startsWith('/') && !id.startsWith('@pasarela/') && !id.startsWith('\0'),
  output: { file: root('./packages/sandbox/dist/server.mjs'), format: 'es' },
};

// The fault harness's node (scripts/faults/killedAfterGateway.mjs): the same server with a kill
// switch on its gateways, bundled apart so that server.mjs holds no test code.
const sandboxFaultNode = { ...sandbox, input: root('./packages/sandbox/test/faultNode.ts'), output: { file: root('./packages/sandbox/dist/fault-node.mjs'), format: 'es' } };

// The simulated processors as a service of their own (`npm run simulator`, and beside the server in
// `npm start`): bundled apart, as a real processor is another program.
// `@pasarela/sandbox` as a library (startServer with a provider's gateways): the server's code without main.ts.
const sandboxLibrary = { ...sandbox, input: root('./packages/sandbox/src/index.ts'), output: { file: root('./packages/sandbox/dist/index.mjs'), format: 'es' } };
const simulator = { ...sandbox, input: root('./packages/simulator/src/main.ts'), output: { file: root('./packages/simulator/dist/simulator.mjs'), format: 'es' } };
// The card vault (`npm run vault`, and beside the server in `npm start`): its own program, as it is its
// own card data environment; core's card rules bundled in, its runtime dependencies left in node_modules.
const vault = { ...sandbox, input: root('./packages/vault/src/main.ts'), output: { file: root('./packages/vault/dist/vault.mjs'), format: 'es' } };

const only = process.env.BUILD_ONLY?.split(',');
const targets = { loader, loaderPure, loaderTypes, reactPackage, reactTypes, nodePackage: [nodePackage, nodeCli], nodeTypes, gatewaysPackage: [gatewaysPackage, gatewaysCli], gatewaysTypes, gatewayStripe: [gatewayStripePackage, gatewayStripeTypes], reactDemo, widget: [widget, widgetServer, widgetRefusedHere], console: consoleApp, sandbox: [sandbox, sandboxFaultNode, sandboxLibrary, simulator, vault] };
export default Object.entries(targets)
  .filter(([name]) => !only || only.includes(name))
  .flatMap(([, config]) => config)
  .map((config) => ({ ...config, onwarn: warnUnlessKnown }));

function warnUnlessKnown(warning, warn) {
  // penpal and preact are ESM with `this` at top level in some helpers; harmless.
  if (warning.code === 'THIS_IS_UNDEFINED') return;
  if (warning.code === 'CIRCULAR_DEPENDENCY' && /node_modules/.test(warning.message)) return;
  // The React demo bundles @pasarela/react as it ships: in a client app's bundle, all code is client
  // code, and the package's 'use client' (for server-component frameworks) has nothing to say.
  if (warning.code === 'MODULE_LEVEL_DIRECTIVE' && warning.id === root('./packages/react/dist/index.js')) return;
  warn(warning);
}
