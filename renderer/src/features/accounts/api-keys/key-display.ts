// How a key's rate limits and expiry read in the list and the drawer. A rateLimit member of 0
// is "no per-key limit" (the plan's limit applies): the API returns 0 for a class that was not
// requested, the emulator applies no per-key bucket for it, and the form leaves it empty.
import type { ApiKey } from '../../../../../shared/api/accounts/api-keys';
import { formatDate, relativeTime } from '../../../platform/relative-time';
import { RATE_CLASSES, type RateClass } from './key-form';

export const NO_KEY_LIMIT = 'no per-key limit';

const CLASS_LABEL: Record<RateClass, string> = { reads: 'Reads', writes: 'Writes', executions: 'Executions' };
const SHORT: Record<RateClass, string> = { reads: 'R', writes: 'W', executions: 'X' };

function limitText(value: number): string {
  return value > 0 ? `${value.toLocaleString('en')} per hour` : NO_KEY_LIMIT;
}

/** One line per class, for the drawer and the list's tooltip. */
export function limitLines(rateLimit: ApiKey['rateLimit']): string[] {
  return RATE_CLASSES.map((c) => `${CLASS_LABEL[c]}: ${limitText(rateLimit[c])}`);
}

/** The list's cell: the classes that have a per-key limit, compactly ("R 500 · W 1.5K"); null when none has. */
export function limitCell(rateLimit: ApiKey['rateLimit']): string | null {
  const compact = new Intl.NumberFormat('en', { notation: 'compact', maximumFractionDigits: 1 });
  const set = RATE_CLASSES.filter((c) => rateLimit[c] > 0).map((c) => `${SHORT[c]} ${compact.format(rateLimit[c])}`);
  return set.length > 0 ? set.join(' · ') : null;
}

/** "Mar 10, 2027 · in 3 months", "Nov 1, 2026 · expired 3 weeks ago", or "Never". */
export function expiryText(expiresAt: string | null, now: number): string {
  if (!expiresAt) return 'Never';
  const when = relativeTime(expiresAt, now);
  return Date.parse(expiresAt) <= now ? `${formatDate(expiresAt)} · expired ${when}` : `${formatDate(expiresAt)} · ${when}`;
}
