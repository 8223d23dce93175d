// Calendar periods in a time zone (core/zoned-time.ts): the start of a cost alert's period —
// local midnight, Monday, the 1st — and a span's day, week and month starts (usage buckets),
// across a daylight-saving change and on either side of UTC.
import { describe, expect, it } from 'vitest';
import { calendarStarts, periodStart } from '../../../../main/emulator/core/zoned-time';

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

  it('lists the local days, weeks and months of a span, a day across the change 25 hours long', () => {
    const days = calendarStarts('daily', at('2026-10-24T12:00:00Z'), at('2026-10-27T00:00:00Z'), 'Europe/Paris');
    expect(days).toEqual([at('2026-10-23T22:00:00Z'), at('2026-10-24T22:00:00Z'), at('2026-10-25T23:00:00Z'), at('2026-10-26T23:00:00Z')]);
    expect(days[2]! - days[1]!).toBe(25 * 3_600_000);
    expect(calendarStarts('weekly', at('2026-11-27T13:00:00Z'), at('2026-12-08T00:00:00Z'), 'UTC')).toEqual([
      at('2026-11-23T00:00:00Z'),
      at('2026-11-30T00:00:00Z'),
      at('2026-12-07T00:00:00Z'),
    ]);
    expect(calendarStarts('monthly', at('2026-11-27T13:00:00Z'), at('2027-01-15T00:00:00Z'), 'America/New_York')).toEqual([
      at('2026-11-01T04:00:00Z'),
      at('2026-12-01T05:00:00Z'),
      at('2027-01-01T05:00:00Z'),
    ]);
    // Kolkata has no daylight saving: every day is 24 hours.
    const k = calendarStarts('daily', at('2026-03-01T00:00:00Z'), at('2026-04-01T00:00:00Z'), 'Asia/Kolkata');
    expect(k.slice(1).every((t, i) => t - k[i]! === 86_400_000)).toBe(true);
  });
});
