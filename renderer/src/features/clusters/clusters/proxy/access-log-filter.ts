// The access-log view's pure parts: the time range as the proxy read's query (presets by
// minutes, so the server's clock decides "now"), the status / user / path filters applied to
// the entries read, and the CSV of what is shown.
import type { AccessLogEntry, ProxyQuery } from '../../../../../../shared/api/clusters/proxy';
import { ACCESS_LOG_LIMIT_MAX } from '../../../../../../shared/api/clusters/proxy';
import { toCsv } from '../../../../lib/csv';
import { serverNow } from '../../../../platform/server-clock';

export const RANGE_PRESETS = [
  { id: '15m', label: '15 min', minutes: 15 },
  { id: '1h', label: '1 h', minutes: 60 },
  { id: '24h', label: '24 h', minutes: 1440 },
] as const;
export type RangeId = (typeof RANGE_PRESETS)[number]['id'] | 'custom';

export interface LogRange {
  range: RangeId;
  /** Custom range, local `YYYY-MM-DDTHH:mm` (a datetime-local field's value); empty = open. */
  from: string;
  to: string;
}

export function rangeId(value: string): RangeId {
  return value === 'custom' || RANGE_PRESETS.some((p) => p.id === value) ? (value as RangeId) : '1h';
}

/**
 * A datetime-local value as an ISO timestamp, or null when empty or invalid.
 * @internal Exported for its tests only.
 */
export function localToIso(local: string): string | null {
  if (!local) return null;
  const ms = new Date(local).getTime();
  return Number.isNaN(ms) ? null : new Date(ms).toISOString();
}

/**
 * An instant as a datetime-local value, in local time, to the minute.
 * @internal Exported for its tests only.
 */
export function isoToLocal(iso: string): string {
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/**
 * What is wrong with a custom range, in the user's words; null when it can be read. A start
 * after the server's now (not this machine's: an emulator's clock may be days ahead) can hold
 * no entry yet.
 */
export function rangeError(r: LogRange, now: number = serverNow()): string | null {
  if (r.range !== 'custom') return null;
  const from = localToIso(r.from);
  const to = localToIso(r.to);
  if (r.from && !from) return 'Enter a valid start';
  if (r.to && !to) return 'Enter a valid end';
  if (from && to && Date.parse(from) > Date.parse(to)) return 'The end is before the start';
  if (from && Date.parse(from) > now)
    return `The start is after the server's now (${isoToLocal(new Date(now).toISOString()).replace('T', ' ')})`;
  return null;
}

/** Today's entries by time to the second; older ones with their day. "Today" is the server's. */
export function logTime(iso: string, now: number = serverNow()): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '—';
  const time = d.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit', second: '2-digit' });
  return d.toDateString() === new Date(now).toDateString()
    ? time
    : `${d.toLocaleDateString(undefined, { month: 'short', day: 'numeric' })} ${time}`;
}

/** The custom range a switch to "Custom" starts with: the last hour by the server's clock. */
export function lastHour(until: number = serverNow()): { from: string; to: string } {
  return { from: isoToLocal(new Date(until - 3_600_000).toISOString()), to: isoToLocal(new Date(until).toISOString()) };
}

/** The proxy read's query for a range (call only when rangeError is null). */
export function rangeQuery(r: LogRange): ProxyQuery {
  const base: ProxyQuery = { include_access_logs: true, access_logs_limit: ACCESS_LOG_LIMIT_MAX };
  if (r.range !== 'custom') return { ...base, access_logs_minutes: RANGE_PRESETS.find((p) => p.id === r.range)!.minutes };
  const since = localToIso(r.from);
  const until = localToIso(r.to);
  return { ...base, ...(since ? { access_logs_since: since } : {}), ...(until ? { access_logs_until: until } : {}) };
}

export interface LogFilters {
  /** '' (any), a class ('4xx') or a code ('404'). */
  status: string;
  /** '' (any), '-' (anonymous) or a user id. */
  user: string;
  /** Part of the path, any case. */
  path: string;
}

export const STATUS_CLASSES = ['2xx', '3xx', '4xx', '5xx'] as const;
export const ANONYMOUS = '-';

function matchesStatus(code: number, filter: string): boolean {
  if (!filter) return true;
  if (/^[1-5]xx$/.test(filter)) return Math.floor(code / 100) === Number(filter[0]);
  return String(code) === filter;
}

export function filterLogs(logs: readonly AccessLogEntry[], f: LogFilters): AccessLogEntry[] {
  const path = f.path.trim().toLowerCase();
  return logs.filter(
    (e) =>
      matchesStatus(e.status_code, f.status) &&
      (!f.user || (f.user === ANONYMOUS ? e.user === null : e.user === f.user)) &&
      (!path || e.path.toLowerCase().includes(path)),
  );
}

/** The codes and users present, for the filter menus. */
export function logFacets(logs: readonly AccessLogEntry[]): { codes: number[]; users: string[]; anonymous: boolean } {
  const codes = new Set<number>();
  const users = new Set<string>();
  let anonymous = false;
  for (const e of logs) {
    codes.add(e.status_code);
    if (e.user === null) anonymous = true;
    else users.add(e.user);
  }
  return { codes: [...codes].sort((a, b) => a - b), users: [...users].sort(), anonymous };
}

const CSV_HEADER = ['timestamp', 'status_code', 'method', 'path', 'user', 'client_ip', 'response_time_ms', 'user_agent'];

/** The entries as CSV, in the order given, with the API's field names as the header. */
export function accessLogsCsv(logs: readonly AccessLogEntry[]): string {
  return toCsv(
    CSV_HEADER,
    logs.map((e) => [e.timestamp, e.status_code, e.method, e.path, e.user, e.client_ip, e.response_time_ms, e.user_agent]),
  );
}
