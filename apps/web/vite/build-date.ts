import { execFileSync } from 'node:child_process';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The day the build label shows (decision 116): `BUILD_DATE` when set (a packager's own), else the day of the commit
 * the build is made from (the same commit always shows the same day), else the day of the build (a copy without git).
 */
export function buildDate(root: string, env: NodeJS.ProcessEnv = process.env, today = new Date()): string {
  if (env.BUILD_DATE && DAY.test(env.BUILD_DATE)) return env.BUILD_DATE;
  try {
    const day = execFileSync('git', ['log', '-1', '--format=%cd', '--date=format-local:%Y-%m-%d'], {
      cwd: root,
      env: { ...env, TZ: 'UTC' },
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
    if (DAY.test(day)) return day;
  } catch {
    // Not a git checkout, or no git: the build's own day.
  }
  return today.toISOString().slice(0, 10);
}
