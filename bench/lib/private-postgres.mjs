// A PostgreSQL server of the bench's own (decision 053): its own data directory and port, started and stopped at will,
// never the machine's shared service. initdb and pg_ctl refuse root, so they run as `postgres` through runuser.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

function binDir() {
  const root = '/usr/lib/postgresql';
  const versions = fs.existsSync(root) ? fs.readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
  for (const version of versions) {
    const dir = path.join(root, version, 'bin');
    if (fs.existsSync(path.join(dir, 'initdb'))) return dir;
  }
  throw new Error('PostgreSQL server binaries (initdb, pg_ctl) not found under /usr/lib/postgresql');
}

export function startPrivatePostgres({ port = 5499 } = {}) {
  const bin = binDir();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-pg-'));
  fs.chmodSync(dir, 0o777);
  const data = path.join(dir, 'data');
  const asPostgres = (command, args) => {
    const root = process.getuid?.() === 0;
    const [file, argv] = root
      ? ['runuser', ['-u', 'postgres', '--', path.join(bin, command), ...args]]
      : [path.join(bin, command), args];
    return execFileSync(file, argv, { stdio: ['ignore', 'pipe', 'pipe'] }).toString();
  };
  asPostgres('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=on -c max_connections=200`;
  const ctl = (action, extra = []) =>
    asPostgres('pg_ctl', ['-D', data, '-o', options, '-l', path.join(dir, 'log'), action, '-w', ...extra]);
  ctl('start');
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    /** A fast shutdown: sessions are cut, as a failover or a restart does. */
    stop: () => ctl('stop', ['-m', 'fast']),
    start: () => ctl('start'),
    destroy: () => {
      try {
        ctl('stop', ['-m', 'immediate']);
      } catch {
        // already stopped
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
