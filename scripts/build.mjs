// `npm run build`: rollup builds every package, then the sizes of what ships are printed.
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { formatSizes, measureSizes } from './sizes.mjs';

const rootDir = fileURLToPath(new URL('..', import.meta.url));
const started = Date.now();

// The widget's chunks carry content hashes: old ones would be served and measured as if they
// shipped, so its output starts clean. The other outputs have fixed names and are overwritten.
if (!process.env.BUILD_ONLY || process.env.BUILD_ONLY.split(',').includes('widget')) {
  rmSync(`${rootDir}/packages/widget/dist`, { recursive: true, force: true });
}
const run = spawnSync(process.execPath, ['node_modules/rollup/dist/bin/rollup', '-c', '--failAfterWarnings=false'], {
  cwd: rootDir,
  stdio: 'inherit',
});
if (run.status !== 0) process.exit(run.status ?? 1);

const sizes = measureSizes();
console.log(formatSizes(sizes));
mkdirSync(`${rootDir}/dist`, { recursive: true });
writeFileSync(`${rootDir}/dist/sizes.json`, JSON.stringify(sizes, null, 2));
writeFileSync(`${rootDir}/dist/.build-stamp`, new Date().toISOString());
console.log(`\nBuilt in ${((Date.now() - started) / 1000).toFixed(1)} s`);
