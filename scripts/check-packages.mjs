// publint and arethetypeswrong on the tarball `npm pack` makes from each built package. Needs a build.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkPackage, createPackageFromTarballData } from '@arethetypeswrong/core';
import { publint } from 'publint';
import { formatMessage } from 'publint/utils';

const rootDir = fileURLToPath(new URL('..', import.meta.url));

/** Both ship ESM and CommonJS, so every resolution must find types and code. */
export const PUBLISHED = [
  { dir: 'packages/checkout', ignoreResolutions: [] },
  { dir: 'packages/react', ignoreResolutions: [] },
  { dir: 'packages/node', ignoreResolutions: [] },
  { dir: 'packages/gateways', ignoreResolutions: [] },
  { dir: 'packages/gateway-stripe', ignoreResolutions: [] },
];

function pack(pkgDir) {
  const destination = mkdtempSync(join(tmpdir(), 'pasarela-pack-'));
  try {
    const out = execFileSync('npm', ['pack', '--json', '--pack-destination', destination], {
      cwd: pkgDir,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    const [{ filename, files }] = JSON.parse(out);
    return { tarball: new Uint8Array(readFileSync(join(destination, filename))), files: files.map((f) => f.path) };
  } finally {
    rmSync(destination, { recursive: true, force: true });
  }
}

export async function checkPackageHygiene({ dir, ignoreResolutions }) {
  const pkgDir = join(rootDir, dir);
  const pkgJson = JSON.parse(readFileSync(join(pkgDir, 'package.json'), 'utf8'));
  const problems = [];

  const { messages } = await publint({ pkgDir, level: 'warning', pack: 'npm' });
  for (const message of messages) problems.push(`publint ${message.type}: ${formatMessage(message, pkgJson, { color: false })}`);

  const { tarball, files } = pack(pkgDir);
  const result = await checkPackage(createPackageFromTarballData(tarball));
  if (!result.types) problems.push('arethetypeswrong: the package has no types');
  for (const problem of result.types ? result.problems : []) {
    if ('resolutionKind' in problem && ignoreResolutions.includes(problem.resolutionKind)) continue;
    const where = 'entrypoint' in problem ? ` at ${problem.entrypoint} (${problem.resolutionKind})` : '';
    problems.push(`arethetypeswrong ${problem.kind}${where}`);
  }
  return { name: pkgJson.name, files, entrypoints: Object.keys(result.entrypoints ?? {}), problems };
}

export async function checkPublishedPackages() {
  return Promise.all(PUBLISHED.map(checkPackageHygiene));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  let failed = false;
  for (const { name, files, entrypoints, problems } of await checkPublishedPackages()) {
    console.log(`${name}: ${files.length} files, entry points ${entrypoints.join(', ')}`);
    for (const problem of problems) console.log(`  ${problem}`);
    if (problems.length) failed = true;
    else console.log('  publint and arethetypeswrong: no problems');
  }
  process.exit(failed ? 1 : 0);
}
