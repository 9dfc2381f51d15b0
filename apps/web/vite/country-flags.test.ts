import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { countryFlags } from './country-flags';

type Hooks = {
  configResolved: (config: { command: 'build' | 'serve' }) => void;
  resolveId: (id: string) => string | undefined;
  load: (id: string) => string | undefined;
  generateBundle: (this: { emitFile: (file: { fileName: string; source: Buffer }) => void }) => void;
};

const dirs: string[] = [];
function flagsDir(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'flags-'));
  dirs.push(dir);
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(dir, name), text);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** What a build makes of a folder of flags: the virtual module's text and the files emitted. */
function build(dir: string, command: 'build' | 'serve' = 'build') {
  const plugin = countryFlags(dir) as unknown as Hooks;
  plugin.configResolved({ command });
  const id = plugin.resolveId('virtual:country-flags')!;
  const text = plugin.load(id)!;
  const emitted: Record<string, string> = {};
  plugin.generateBundle.call({ emitFile: (file) => (emitted[file.fileName] = file.source.toString()) });
  const base = /FLAG_BASE = "([^"]*)"/.exec(text)![1]!;
  const codes = /FLAG_CODES = "([^"]*)"/.exec(text)![1]!;
  return { base, codes, emitted };
}

describe('the flags in one folder (decision 149)', () => {
  it('emits every flag under a folder named by the set, and tells the scripts the folder and the codes', () => {
    const dir = flagsDir({ 'FR.svg': '<svg>fr</svg>', 'DE.svg': '<svg>de</svg>', 'notes.txt': 'not a flag' });
    const { base, codes, emitted } = build(dir);
    expect(base).toMatch(/^\/assets\/flags-[0-9a-f]{10}\/$/);
    expect(codes).toBe('DE FR');
    expect(emitted).toEqual({
      [`${base.slice(1)}DE.svg`]: '<svg>de</svg>',
      [`${base.slice(1)}FR.svg`]: '<svg>fr</svg>',
    });
  });

  it('names the folder anew when a flag changes, so that a cached copy is never served for another picture', () => {
    const before = build(flagsDir({ 'FR.svg': '<svg>fr</svg>', 'DE.svg': '<svg>de</svg>' })).base;
    expect(build(flagsDir({ 'FR.svg': '<svg>fr</svg>', 'DE.svg': '<svg>de</svg>' })).base).toBe(before);
    expect(build(flagsDir({ 'FR.svg': '<svg>fr 2</svg>', 'DE.svg': '<svg>de</svg>' })).base).not.toBe(before);
    expect(build(flagsDir({ 'FR.svg': '<svg>fr</svg>', 'IT.svg': '<svg>de</svg>' })).base).not.toBe(before);
  });

  it("serves the package's own folder in development", () => {
    const dir = flagsDir({ 'FR.svg': '<svg>fr</svg>' });
    expect(build(dir, 'serve').base).toBe(`/@fs${dir.split(path.sep).join('/')}/`);
  });
});
