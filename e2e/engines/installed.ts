import { existsSync } from 'node:fs';
import type { EngineName } from './engine';
import { FIREFOX_PATH } from './firefox';
import { WEBKIT_DRIVER_PATH, XVFB_PATH } from './webkit';

/** What each engine needs on the machine: README "Browsers" installs them (Debian packages). */
const NEEDS: Record<EngineName, { files: string[]; packages: string }> = {
  firefox: { files: [FIREFOX_PATH], packages: 'firefox-esr' },
  webkit: {
    files: [WEBKIT_DRIVER_PATH, XVFB_PATH, '/usr/bin/python3', '/usr/lib/x86_64-linux-gnu/girepository-1.0/WebKit2-4.1.typelib', '/usr/lib/python3/dist-packages/gi/__init__.py'],
    packages: 'webkit2gtk-driver xvfb gir1.2-webkit2-4.1 python3-gi',
  },
};

/**
 * Whether the engine's suite can run here. Without the engine it is skipped with a loud notice,
 * except when CI is set (.ci/run installs the engines), where a missing engine is a failure.
 */
export function engineInstalled(engine: EngineName): boolean {
  const missing = NEEDS[engine].files.filter((file) => !existsSync(file));
  if (missing.length === 0) return true;
  const what = `no ${missing.join(', ')}`;
  if (process.env['CI']) throw new Error(`CI is set but the ${engine} suite cannot run: ${what}`);
  console.warn(
    `\n${'!'.repeat(72)}\n!! Payer flows in ${engine} SKIPPED: ${what}.\n` +
      `!! Install them: sudo apt-get install ${NEEDS[engine].packages}\n${'!'.repeat(72)}\n`,
  );
  return false;
}
