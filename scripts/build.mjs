// `npm run build`: the contracts first (both sides read them), then the server (tsc, one core) and the web app (Vite)
// side by side: built one after the other, the server's single-threaded compile left a core idle for most of a
// minute of every CI run. Each side's output is held and printed whole when it ends. The server is emitted without
// a type check (`--noCheck`, the same files byte for byte): `npm run typecheck` checks it, and checking it again here
// was 60 of the build's 72 s of CPU (decision 157).
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const silent = process.argv.includes('--silent') || process.env.npm_config_loglevel === 'silent' ? ' --silent' : '';

const contracts = spawnSync(`npm run build${silent} -w @portal/contracts`, {
  cwd: root,
  stdio: 'inherit',
  shell: true,
});
if (contracts.status !== 0) process.exit(contracts.status ?? 1);

const sides = ['@portal/server', '@portal/web'].map(
  (workspace) =>
    new Promise((resolve) => {
      const child = spawn(`npm run build${silent} -w ${workspace}`, { cwd: root, shell: true });
      const output = [];
      child.stdout.on('data', (chunk) => output.push(chunk));
      child.stderr.on('data', (chunk) => output.push(chunk));
      child.on('close', (code) => {
        process.stdout.write(Buffer.concat(output));
        resolve(code);
      });
    }),
);
const codes = await Promise.all(sides);
process.exit(codes.find((code) => code !== 0) ?? 0);
