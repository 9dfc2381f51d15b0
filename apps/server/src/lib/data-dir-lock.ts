import fs from 'node:fs';
import path from 'node:path';

/** The file that names the process holding an embedded (PGlite) database under DATA_DIR. */
export const LOCK_FILE = 'pglite.pid';

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The pid of a live process that holds DATA_DIR's embedded database, if any (a stale file is ignored). */
export function dataDirHolder(dataDir: string): number | null {
  const file = path.join(dataDir, LOCK_FILE);
  let pid: number;
  try {
    pid = Number(fs.readFileSync(file, 'utf8').trim());
  } catch {
    return null;
  }
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return null;
  return isAlive(pid) ? pid : null;
}

/**
 * PGlite is a single process's database: two processes writing one data directory corrupt it. The server (and the
 * command-line tools) hold this lock while they have it open, and refuse to start while another live process does.
 */
export function holdDataDirLock(dataDir: string): { release: () => void } {
  const holder = dataDirHolder(dataDir);
  if (holder !== null) {
    throw new Error(
      `Another process (pid ${holder}) has the embedded database in ${dataDir} open. ` +
        'Stop it first, or use PostgreSQL (DATABASE_URL), where several processes may share the database.',
    );
  }
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, LOCK_FILE);
  fs.writeFileSync(file, String(process.pid));
  return {
    release: () => {
      try {
        if (fs.readFileSync(file, 'utf8').trim() === String(process.pid)) fs.unlinkSync(file);
      } catch {
        // already gone
      }
    },
  };
}
