import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

const ID = 'virtual:country-flags';
const RESOLVED = `\0${ID}`;

/**
 * The flags of country-flag-icons (3:2 SVGs) at addresses a script can compute (decision 149): each flag is a file of
 * its own under one folder whose name carries a hash of the whole set, `/assets/flags-<hash>/FR.svg` (the server's
 * `/assets/` caching stays right: a changed flag changes the folder), and `virtual:country-flags` gives the folder and
 * the codes the set holds. Before, a table of 265 hashed addresses (4.0 KB gzipped) sat in the scripts of every screen.
 * In development the folder is the package's own, served by Vite.
 */
export function countryFlags(dir: string): Plugin {
  const files = readdirSync(dir)
    .filter((file) => file.endsWith('.svg'))
    .sort();
  const codes = files.map((file) => file.slice(0, -'.svg'.length));
  const hash = createHash('sha256');
  for (const file of files) hash.update(file).update(readFileSync(path.join(dir, file)));
  const folder = `assets/flags-${hash.digest('hex').slice(0, 10)}`;
  let serve = false;
  return {
    name: 'country-flags',
    configResolved(config) {
      serve = config.command === 'serve';
    },
    resolveId(id) {
      return id === ID ? RESOLVED : undefined;
    },
    load(id) {
      if (id !== RESOLVED) return undefined;
      const base = serve ? `/@fs${dir.split(path.sep).join('/')}/` : `/${folder}/`;
      return `export const FLAG_BASE = ${JSON.stringify(base)};\nexport const FLAG_CODES = ${JSON.stringify(codes.join(' '))};\n`;
    },
    generateBundle() {
      for (const file of files) {
        this.emitFile({ type: 'asset', fileName: `${folder}/${file}`, source: readFileSync(path.join(dir, file)) });
      }
    },
  };
}
