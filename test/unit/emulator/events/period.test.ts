// The start of a cost alert's period in the billing time zone (areas/events/period.ts): local
// midnight, Monday, the 1st — across a daylight-saving change and on either side of UTC.
import { describe, expect, it } from 'vitest';
import { periodStart } from '../../../../main/emulator/areas/events/period';

const at = (iso: string) => Date.parse(iso);

describe('cost alert periods', () => {
  it('starts a day at local midnight, in UTC and in zones east and west of it', () => {
    expect(periodStart('daily', at('2026-11-27T13:00:00Z'), 'UTC')).toBe(at('2026-11-27T00:00:00Z'));
    expect(periodStart('daily', at('2026-11-27T23:30:00Z'), 'Europe/Paris')).toBe(at('2026-11-27T23:00:00Z'));
    expect(periodStart('daily', at('2026-11-27T03:00:00Z'), 'America/New_York')).toBe(at('2026-11-26T05:00:00Z'));
    expect(periodStart('daily', at('2026-11-27T03:00:00Z'), 'Asia/Kolkata')).toBe(at('2026-11-26T18:30:00Z'));
  });

  it('starts a week on Monday and a month on the 1st, local time', () => {
    // Friday 27 November 2026: the week began Monday the 23rd.
    expect(periodStart('weekly', at('2026-11-27T13:00:00Z'), 'UTC')).toBe(at('2026-11-23T00:00:00Z'));
    expect(periodStart('weekly', at('2026-11-23T00:00:00Z'), 'UTC')).toBe(at('2026-11-23T00:00:00Z'));
    expect(periodStart('monthly', at('2026-11-27T13:00:00Z'), 'Europe/Paris')).toBe(at('2026-10-31T23:00:00Z'));
  });

  it('finds midnight across a daylight-saving change (Paris, 25 October 2026: +2 h before, +1 h after)', () => {
    expect(periodStart('daily', at('2026-10-25T12:00:00Z'), 'Europe/Paris')).toBe(at('2026-10-24T22:00:00Z'));
    expect(periodStart('monthly', at('2026-10-25T12:00:00Z'), 'Europe/Paris')).toBe(at('2026-09-30T22:00:00Z'));
  });
});
