// Error details as readable lines for the error alert: each labelled in words, with its unit
// ("Retry after · 17 min 45 s", "Current storage · 500 GB") and times in local time ("Resets
// at · 14:00"); API field names become words ("update_configuration.memory_gb" → "Memory").
import { humanizePath, plainText } from './form/plain-words';
import { serverNow } from '../platform/server-clock';

/** `current_status`, `validPermissions` → "Current status", "Valid permissions". */
function humanize(key: string): string {
  const words = key
    .replace(/_/g, ' ')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .replace(/\b(id|gpu|cpu|ip|url)\b/g, (w) => w.toUpperCase());
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export interface DetailFormat {
  /** The clock "today" is judged by (a time today shows without its date): the server's by default. */
  now?: number;
  locale?: string;
  timeZone?: string;
}

const n = (v: number) => v.toLocaleString('en-US');

/** 1065 → "17 min 45 s"; 7200 → "2 h"; 42 → "42 s". */
export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return `${s} s`;
  const d = Math.floor(s / 86_400);
  const h = Math.floor((s % 86_400) / 3600);
  const m = Math.floor((s % 3600) / 60);
  const rest = s % 60;
  const parts = d ? [`${d} d`, h && `${h} h`] : h ? [`${h} h`, m && `${m} min`] : [`${m} min`, rest && `${rest} s`];
  return parts.filter(Boolean).join(' ');
}

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/** A timestamp in local time: "14:00" today, "Nov 26, 14:00" on another day. */
export function formatLocalTime(iso: string, { now = serverNow(), locale, timeZone }: DetailFormat = {}): string {
  const t = Date.parse(iso);
  if (Number.isNaN(t)) return iso;
  const day = new Intl.DateTimeFormat(locale ?? 'en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
  const time = new Intl.DateTimeFormat(locale ?? 'en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hour12: false }).format(t);
  if (day.format(t) === day.format(now)) return time;
  const date = new Intl.DateTimeFormat(locale ?? 'en-US', { timeZone, month: 'short', day: 'numeric', year: 'numeric' }).format(t);
  return `${date}, ${time}`;
}

/** Keys whose meaning the generic rules below would get wrong or say badly. */
const NAMED: Record<string, string> = {
  retry_after: 'Retry after',
  retryAfter: 'Retry after',
  resetAt: 'Resets at',
  reset_at: 'Resets at',
  resets_at: 'Resets at',
  field: 'Field',
  reason: 'Reason',
};

function render(value: unknown): string {
  if (Array.isArray(value)) return value.map((v) => (typeof v === 'object' ? JSON.stringify(v) : String(v))).join(', ');
  if (typeof value === 'object' && value !== null) return JSON.stringify(value);
  return String(value);
}

/** One detail as [label, value in words with its unit]. */
function detailLine(key: string, value: unknown, format: DetailFormat = {}): [string, string] {
  const label = NAMED[key];
  if (typeof value === 'number') {
    if (/^retry_?after$/i.test(key) || /_seconds$/.test(key))
      return [label ?? humanize(key.replace(/_seconds$/, '')), formatDuration(value)];
    if (/_minutes$/.test(key)) return [humanize(key.replace(/_minutes$/, '')), formatDuration(value * 60)];
    if (/_ms$/.test(key)) return [humanize(key.replace(/_ms$/, '')), `${n(value)} ms`];
    if (/_gb$/.test(key)) return [humanize(key.replace(/_gb$/, '')), `${n(value)} GB`];
    if (/_percent(age)?$/.test(key)) return [humanize(key.replace(/_percent(age)?$/, '')), `${n(value)} %`];
    return [label ?? humanize(key), n(value)];
  }
  if (typeof value === 'string') {
    if (key === 'field') return ['Field', humanizePath(value.replace(/^(body|query|params)\./, ''))];
    if (key === 'reason') return ['Reason', plainText(value)];
    if (ISO.test(value)) return [label ?? humanize(key.replace(/_at$|At$/, '')), formatLocalTime(value, format)];
  }
  return [label ?? humanize(key), render(value)];
}

/** Zod-style `issues` become "field: message" lines; other details are labelled lines with their units. */
export function detailLines(details: Record<string, unknown>, format: DetailFormat = {}): Array<[string, string]> {
  const lines: Array<[string, string]> = [];
  for (const [key, value] of Object.entries(details)) {
    if (key === 'issues' && Array.isArray(value)) {
      for (const issue of value as Array<{ path?: string; field?: string; message?: string; reason?: string }>) {
        const path = issue.path ?? issue.field;
        lines.push([
          path ? humanizePath(path.replace(/^(body|query|params)\./, '')) : 'Request',
          plainText(issue.message ?? issue.reason ?? ''),
        ]);
      }
    } else lines.push(detailLine(key, value, format));
  }
  return lines;
}
