import { describe, expect, it } from 'vitest';
import { mailLine, outboxRow } from '../../src/lib/mailer.js';

describe('outboxRow', () => {
  it('strips every control character and line break from the subject and from each line', () => {
    const row = outboxRow({
      to: 'a@example.test',
      kind: 'test',
      subject: 'New request: Acme\r\nBcc: x@example.test\u0007',
      text: ['Hello Jo\r\nhn\t,', '', 'Company: A\u202ecme\u2028Corp\u0085'],
    });
    expect(row.subject).toBe('New request: AcmeBcc: x@example.test');
    expect(row.text).toBe('Hello John,\n\nCompany: AcmeCorp');
  });

  it('keeps the line breaks of a text given as one string, and nothing else', () => {
    expect(
      outboxRow({ to: 'a@example.test', kind: 'test', subject: 's', text: 'one\r\ntwo\rthree\n\u001b[1mfour' }).text,
    ).toBe('one\ntwo\nthree\n[1mfour');
  });

  it('leaves ordinary text, accents and emoji alone', () => {
    expect(mailLine('Société Générale — café 🚀')).toBe('Société Générale — café 🚀');
  });
});
