import { closeSync, mkdirSync, openSync, readFileSync, realpathSync, unlinkSync, writeSync } from 'node:fs';
import { join } from 'node:path';

const CLAIM_FILE = 'pasarela.pid';

/** A process as the claim names it: its id and, on Linux, when it started (an id is reused, a start is not). */
const identityOf = (pid: number): string | undefined => {
  try {
    // /proc/<pid>/stat: the 22nd field, after the command's closing parenthesis, is the start time.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const start = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
    return start === undefined ? undefined : `${pid} ${start}`;
  } catch {
    return undefined;
  }
};

const holderAlive = (claim: string): boolean => {
  const pid = Number(claim.split(/[ \n]/)[0]);
  if (!Number.isInteger(pid) || pid <= 0) return false;
  const now = identityOf(pid);
  if (now !== undefined) return now === claim || !/^\d+ /.test(claim);
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * One process per PGlite data directory. PGlite takes no lock of its own: two processes on one
 * directory each keep their own view of the database and write over the other's (a second server
 * on one DATA_DIR answered 201 for rows the first then overwrote). The directory's claim file names
 * the process and the directory; a claim whose process is gone (a crash, a container restarted
 * with its volume) is taken over, and so is one copied with the files into another directory.
 * Several nodes share a PostgreSQL instead. Returns the claim's release.
 */
export function claimDataDir(dir: string): () => void {
  mkdirSync(dir, { recursive: true });
  const file = join(dir, CLAIM_FILE);
  const own = `${identityOf(process.pid) ?? String(process.pid)}\n${realpathSync(dir)}`;
  for (let attempt = 1; ; attempt++) {
    try {
      const fd = openSync(file, 'wx');
      try {
        writeSync(fd, own);
      } finally {
        closeSync(fd);
      }
      return () => {
        try {
          if (readFileSync(file, 'utf8') === own) unlinkSync(file);
        } catch {
          // Gone already.
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt > 2) throw error;
      const claim = readFileSync(file, 'utf8');
      // This process opened it already (a test reopening its store): the first opening releases it.
      if (claim === own) return () => undefined;
      const [holder = '', claimedDir] = claim.split('\n');
      if ((claimedDir === undefined || claimedDir === realpathSync(dir)) && holderAlive(holder)) {
        throw new Error(`The data directory ${dir} is in use by process ${holder.split(' ')[0]}: a PGlite data directory takes one process (several nodes share a PostgreSQL)`);
      }
      unlinkSync(file);
    }
  }
}
