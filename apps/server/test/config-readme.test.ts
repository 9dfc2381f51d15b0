/**
 * Every environment setting the server reads is documented (decision 107): README's Configuration table has one row
 * per variable of the config parser, none more, each with the default the parser gives it; `.env.example` names each.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CONFIG_VARIABLES, configDefaults, loadConfig } from '../src/config.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const readme = fs.readFileSync(path.join(root, 'README.md'), 'utf8');

/** README's Configuration table: variable → its default cell. */
function configurationTable(): Map<string, string> {
  const section = readme.slice(readme.indexOf('## Configuration'));
  const rows = new Map<string, string>();
  for (const line of section.slice(0, section.indexOf('\n## ', 1)).split('\n')) {
    const cells = line.split(/(?<!\\)\|/).map((cell) => cell.trim());
    const name = /^`([A-Z][A-Z0-9_]*)`$/.exec(cells[1] ?? '')?.[1];
    if (name) rows.set(name, cells[2] ?? '');
  }
  return rows;
}

describe('configuration documented', () => {
  it("README's table lists exactly the variables the config parser reads", () => {
    const documented = [...configurationTable().keys()].sort();
    expect(documented).toEqual([...CONFIG_VARIABLES].sort());
  });

  it("each documented default is the parser's", () => {
    const defaults = configDefaults();
    const table = configurationTable();
    for (const name of CONFIG_VARIABLES) {
      const value = defaults[name];
      // A setting without a parsed default is documented with a dash or with what the server derives.
      if (value === undefined) continue;
      const documented = /`([^`]*)`/.exec(table.get(name) ?? '')?.[1]?.replaceAll('\\|', '|');
      expect({ name, documented }).toEqual({ name, documented: String(value) });
    }
  });

  it('the parser reads each documented variable (a wrong value is refused by name)', () => {
    // Only the variables whose values are checked: a number, a URL, a list of words.
    for (const name of ['PORT', 'REPLICA_MAX_LAG_S', 'DRAIN_SECONDS', 'REPORTS_DATABASE_URL', 'BILLING_JOB']) {
      expect(() => loadConfig({ [name]: 'not-a-valid-value' })).toThrow(name);
    }
  });

  it('.env.example names every variable', () => {
    const example = fs.readFileSync(path.join(root, '.env.example'), 'utf8');
    const named = new Set([...example.matchAll(/^#? ?([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1]));
    expect(CONFIG_VARIABLES.filter((name) => !named.has(name))).toEqual([]);
  });
});
