import { mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { fileVersion } from './fileVersion';

const dir = mkdtempSync(join(tmpdir(), 'pasarela-file-version-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('fileVersion: a built file looked at again at most once per interval', () => {
  it('gives the modification time, the same until the interval has passed, then the new one', async () => {
    const file = join(dir, 'index.html');
    writeFileSync(file, 'one');
    utimesSync(file, 1_000, 1_000);
    let now = 0;
    const version = fileVersion(file, 1000, () => now);
    expect(await version()).toBe(1_000_000);
    utimesSync(file, 2_000, 2_000);
    now = 999;
    expect(await version()).toBe(1_000_000);
    now = 1000;
    expect(await version()).toBe(2_000_000);
  });

  it('is undefined while the file does not exist, and sees it once it does', async () => {
    const file = join(dir, 'later.html');
    let now = 0;
    const version = fileVersion(file, 1000, () => now);
    expect(await version()).toBeUndefined();
    writeFileSync(file, 'built');
    utimesSync(file, 3_000, 3_000);
    now = 1000;
    expect(await version()).toBe(3_000_000);
  });

  it('asks the file system once for callers within the interval', async () => {
    const file = join(dir, 'shared.html');
    writeFileSync(file, 'x');
    const version = fileVersion(file, 1000, () => 0);
    const first = version();
    expect(version()).toBe(first);
  });
});
