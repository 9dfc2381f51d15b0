#!/usr/bin/env node
// Lints the OpenAPI document (decision 075): builds it through the app without listening (apps/server/src/openapi-document.ts),
// writes it to a temporary file and runs Redocly (redocly.yaml) and Spectral (.spectral.yaml) on it; fails on any
// error or warning.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-openapi-lint-'));
const document = path.join(dir, 'openapi.json');

// The document's servers entry is PUBLIC_URL; unset, a reserved name stands in for it (localhost is a lint warning).
const env = { ...process.env, NO_COLOR: '1', PUBLIC_URL: process.env.PUBLIC_URL || 'https://portal.invalid' };

function run(command, args) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env });
  return result.status === 0;
}

/** Redocly fails on errors only: its problems are read from its JSON report, and a warning fails too. */
function redocly() {
  const args = ['lint', document, '--config', path.join(root, 'redocly.yaml'), '--format', 'json'];
  const result = spawnSync(bin('redocly'), args, { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  let report;
  try {
    report = JSON.parse(result.stdout);
  } catch {
    process.stderr.write(result.stdout + result.stderr);
    return false;
  }
  for (const problem of report.problems) {
    const where = problem.location?.[0]?.pointer ?? '';
    console.log(`redocly ${problem.severity} ${problem.ruleId}: ${problem.message} ${where}`);
  }
  const { errors, warnings } = report.totals;
  console.log(`redocly (recommended): ${errors} errors, ${warnings} warnings`);
  return errors === 0 && warnings === 0;
}

let ok;
try {
  ok =
    // `npm test` built the contracts before its checks, and the typecheck beside this reads them: not rebuilt there.
    (process.env.PORTAL_CONTRACTS_BUILT === '1' ||
      run('npm', ['run', 'build', '--silent', '-w', '@portal/contracts'])) &&
    run(bin('tsx'), [path.join(root, 'apps/server/src/openapi-document.ts'), document]) &&
    redocly() &&
    run(bin('spectral'), ['lint', document, '--ruleset', path.join(root, '.spectral.yaml'), '--fail-severity', 'hint']);
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
process.exit(ok ? 0 : 1);
