import { closeSync, mkdirSync, openSync, readFileSync, realpathSync, unlinkSync, writeSync } from 'node:fs';
import { join } from 'node:path';

const CLAIM_FILE = 'pasarela.pid';

/**
 * A process as /proc tells it, on Linux: its identity as the claim names it (its id and when it
 * started: an id is reused, a start is not), and whether it has ended (a zombie, `Z`, killed and
 * not yet reaped by its parent, or `X`: its files are gone with it).
 */
const procStat = (pid: number): { identity: string; ended: boolean } | undefined => {
  try {
    // /proc/<pid>/stat: after the command's closing parenthesis, the state, then the start time 19 fields on.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const start = fields[19];
    return start === undefined ? undefined : { identity: `${pid} ${start}`, ended: fields[0] === 'Z' || fields[0] === 'X' };
  } catch {
    return undefined;
  }
};

const holderAlive = (claim: string): boolean => {
  const pid = Number(claim.split(/[ \n]/)[0]);
  if (!Number.isInteger(pid) || pid <= 0) return false;
  const now = procStat(pid);
  if (now !== undefined) return !now.ended && (now.identity === claim || !/^\d+ /.test(claim));
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
  const own = `${procStat(process.pid)?.identity ?? String(process.pid)}\n${realpathSync(dir)}`;
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
