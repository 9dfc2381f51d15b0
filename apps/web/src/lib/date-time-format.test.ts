import { describe, expect, it } from 'vitest';
import { dateTimeInputFormat } from './date-time-format';

describe('dateTimeInputFormat (decision 099)', () => {
  it("writes the app's locale day first on a 24-hour clock", () => {
    expect(dateTimeInputFormat('en-GB')).toEqual({ valueFormat: 'DD/MM/YYYY HH:mm', clock: '24h' });
  });

  it('follows a locale with a 12-hour clock and its own order', () => {
    expect(dateTimeInputFormat('en-US')).toEqual({ valueFormat: 'MM/DD/YYYY hh:mm A', clock: '12h' });
    expect(dateTimeInputFormat('de-DE')).toEqual({ valueFormat: 'DD.MM.YYYY HH:mm', clock: '24h' });
  });
});
