// Expiry of a secret as the table badges it: expired, expiring within 14 days, or fine.
import type { Secret } from '../../../../../../shared/api/clusters/secrets';
import { serverNow } from '../../../../platform/server-clock';

const EXPIRING_DAYS = 14;
const DAY_MS = 24 * 3600 * 1000;

export type ExpiryState = 'expired' | 'expiring' | 'valid' | 'never';

/** `now` is the server's (server-clock.ts): a secret expires by the platform's clock, not this machine's. */
export function expiryState(secret: Pick<Secret, 'expired' | 'expiration_date'>, now: number = serverNow()): ExpiryState {
  if (secret.expired) return 'expired';
  if (!secret.expiration_date) return 'never';
  const at = Date.parse(secret.expiration_date);
  if (Number.isNaN(at)) return 'never';
  if (at <= now) return 'expired';
  return at - now <= EXPIRING_DAYS * DAY_MS ? 'expiring' : 'valid';
}

export const MASK = '••••••';

export const TYPE_LABELS: Record<Secret['type'], string> = {
  api_key: 'API key',
  database: 'Database',
  certificate: 'Certificate',
  file: 'File',
  generic: 'Generic',
  cloud_provider: 'Cloud provider',
  webhook: 'Webhook',
  monitoring: 'Monitoring',
};

export const CATEGORY_LABELS: Record<Secret['category'], string> = {
  ml_services: 'ML services',
  databases: 'Databases',
  cloud_providers: 'Cloud providers',
  custom: 'Custom',
  security: 'Security',
  monitoring: 'Monitoring',
  api_authentication: 'API authentication',
};

/** The list operation's `search`, as the service applies it: name or description, case-insensitive. */
function matchesSearch(secret: Pick<Secret, 'name' | 'description'>, search: string): boolean {
  const q = search.trim().toLowerCase();
  if (!q) return true;
  return secret.name.toLowerCase().includes(q) || (secret.description ?? '').toLowerCase().includes(q);
}

/**
 * Rows to show while a typed search is on its way to the service: the last unfiltered list
 * (same type and category) filtered here, so the table follows the typing at once; the
 * service's answer replaces it when it arrives. Null when there is nothing better to show.
 */
export function provisionalRows<T extends Pick<Secret, 'name' | 'description'>>(
  typed: string,
  applied: string | null,
  unfiltered: { type: string; category: string; secrets: T[] } | null,
  filters: { type: string; category: string },
): T[] | null {
  if (applied !== null && typed.trim() === applied.trim()) return null;
  if (!unfiltered || unfiltered.type !== filters.type || unfiltered.category !== filters.category) return null;
  return unfiltered.secrets.filter((s) => matchesSearch(s, typed));
}
