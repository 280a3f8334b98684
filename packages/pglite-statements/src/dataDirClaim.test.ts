import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { claimDataDir } from './dataDirClaim';

const dirs: string[] = [];
const newDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'pasarela-claim-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** Another process, alive until killed. */
const otherProcess = async () => {
  const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
  await new Promise((resolve) => child.once('spawn', resolve));
  return child;
};

describe('a PGlite data directory claimed by one process', () => {
  it('refuses a directory another live process claimed, naming it', async () => {
    const dir = newDir();
    const other = await otherProcess();
    try {
      writeFileSync(join(dir, 'pasarela.pid'), String(other.pid));
      expect(() => claimDataDir(dir)).toThrow(`The data directory ${dir} is in use by process ${other.pid}: a PGlite data directory takes one process (several nodes share a PostgreSQL)`);
      expect(readFileSync(join(dir, 'pasarela.pid'), 'utf8')).toBe(String(other.pid));
    } finally {
      other.kill();
    }
  });

  it('takes over the claim of a process that is gone, and of one whose id another process has since', async () => {
    const dir = newDir();
    const gone = await otherProcess();
    gone.kill();
    await new Promise((resolve) => gone.once('exit', resolve));
    writeFileSync(join(dir, 'pasarela.pid'), String(gone.pid));
    claimDataDir(dir)();
    // On Linux the claim carries the process's start: the same id, started at another time, is another process.
    if (existsSync('/proc/self/stat')) {
      writeFileSync(join(dir, 'pasarela.pid'), `${process.ppid} 1`);
      const release = claimDataDir(dir);
      expect(readFileSync(join(dir, 'pasarela.pid'), 'utf8')).toMatch(new RegExp(`^${process.pid} \\d+\n${realpathSync(dir)}$`));
      release();
    }
  });

  it.runIf(existsSync('/proc/self/stat'))('takes over the claim of a process killed and not yet reaped by its parent (a zombie)', async () => {
    const dir = newDir();
    // A shell starts a child and becomes a process that never waits for it: the child, ended, stays a zombie.
    const parent = spawn('sh', ['-c', 'sleep 0 & echo $!; exec sleep 30'], { stdio: ['ignore', 'pipe', 'ignore'] });
    try {
      const pid = Number(await new Promise<string>((resolve) => parent.stdout.once('data', (chunk: Buffer) => resolve(chunk.toString().trim()))));
      await expect.poll(() => readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.[0]).toBe('Z');
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      writeFileSync(join(dir, 'pasarela.pid'), `${pid} ${stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19]}\n${realpathSync(dir)}`);
      const release = claimDataDir(dir);
      expect(readFileSync(join(dir, 'pasarela.pid'), 'utf8')).toMatch(new RegExp(`^${process.pid} `));
      release();
    } finally {
      parent.kill();
    }
  });

  it('takes over a live process\'s claim copied with the files into another directory (a backup restored beside it)', async () => {
    const [dir, copy] = [newDir(), newDir()];
    const other = await otherProcess();
    try {
      writeFileSync(join(copy, 'pasarela.pid'), `${other.pid}\n${realpathSync(dir)}`);
      claimDataDir(copy)();
      writeFileSync(join(dir, 'pasarela.pid'), `${other.pid}\n${realpathSync(dir)}`);
      expect(() => claimDataDir(dir)).toThrow(`is in use by process ${other.pid}`);
    } finally {
      other.kill();
    }
  });

  it('releases its claim, and lets the same process open the directory again meanwhile', () => {
    const dir = newDir();
    const release = claimDataDir(join(dir, 'data'));
    expect(existsSync(join(dir, 'data', 'pasarela.pid'))).toBe(true);
    claimDataDir(join(dir, 'data'))();
    expect(existsSync(join(dir, 'data', 'pasarela.pid'))).toBe(true);
    release();
    expect(existsSync(join(dir, 'data', 'pasarela.pid'))).toBe(false);
  });
});
