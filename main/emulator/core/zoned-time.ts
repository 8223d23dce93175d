// Calendar arithmetic in an IANA time zone with Intl (no zone data of our own): the start of a
// day, week (from Monday) or month around a moment — a cost alert's period, a usage bucket —
// and the day, week or month boundaries across a span. Days are counted in the account's zone
// (docs/decisions.md: a usage "day" is a local day, not a UTC one).

export type CalendarPeriod = 'daily' | 'weekly' | 'monthly';

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

/** The start of the day, week (Monday) or month that `now` is in, in `zone`. */
export function periodStart(period: CalendarPeriod, now: number, zone: string): number {
  const p = partsIn(now, zone);
  if (period === 'monthly') return localMidnight(Date.UTC(p.year, p.month - 1, 1), zone);
  const day = Date.UTC(p.year, p.month - 1, p.day);
  if (period === 'daily') return localMidnight(day, zone);
  const sinceMonday = (new Date(day).getUTCDay() + 6) % 7;
  return localMidnight(day - sinceMonday * 86_400_000, zone);
}

/**
 * The starts of the days, weeks or months from the one `from` is in up to `to` (exclusive), in
 * `zone`: each the local midnight that begins it, so a day across a daylight-saving change is 23
 * or 25 hours long: the usage buckets (accounts/usage/window.ts).
 */
export function calendarStarts(period: CalendarPeriod, from: number, to: number, zone: string): number[] {
  const out: number[] = [];
  for (let t = periodStart(period, from, zone); t < to;) {
    out.push(t);
    const p = partsIn(t, zone);
    const next = period === 'monthly' ? Date.UTC(p.year, p.month, 1) : Date.UTC(p.year, p.month - 1, p.day + (period === 'weekly' ? 7 : 1));
    t = localMidnight(next, zone);
  }
  return out;
}
