// The start of a cost alert's period (daily, weekly from Monday, monthly) around a moment, in the
// account's billing time zone, with Intl (no zone data of our own).
import type { COST_ALERT_PERIODS } from '../../../../shared/api/accounts/settings';

type Period = (typeof COST_ALERT_PERIODS)[number];

const formats = new Map<string, Intl.DateTimeFormat>();

function partsIn(ms: number, zone: string) {
  let f = formats.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formats.set(zone, f);
  }
  const p: Record<string, number> = {};
  for (const { type, value } of f.formatToParts(ms)) if (type !== 'literal') p[type] = Number(value);
  return { year: p.year!, month: p.month!, day: p.day!, hour: p.hour!, minute: p.minute!, second: p.second! };
}

/** The zone's offset from UTC at `ms` (ms, east positive). */
function offsetAt(ms: number, zone: string): number {
  const p = partsIn(ms, zone);
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - Math.floor(ms / 1000) * 1000;
}

/** The instant local midnight of a calendar date in `zone` (a date given in UTC fields). */
function localMidnight(utcDate: number, zone: string): number {
  let t = utcDate - offsetAt(utcDate, zone);
  const again = utcDate - offsetAt(t, zone);
  if (again !== t) t = again;
  return t;
}

export function periodStart(period: Period, now: number, zone: string): number {
  const p = partsIn(now, zone);
  if (period === 'monthly') return localMidnight(Date.UTC(p.year, p.month - 1, 1), zone);
  const day = Date.UTC(p.year, p.month - 1, p.day);
  if (period === 'daily') return localMidnight(day, zone);
  const sinceMonday = (new Date(day).getUTCDay() + 6) % 7;
  return localMidnight(day - sinceMonday * 86_400_000, zone);
}
