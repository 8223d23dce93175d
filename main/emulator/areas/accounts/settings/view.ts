// Settings as answered: every write-only value (`secret`, `access_token`, `api_key`) reads as
// REDACTED when set and null when not, wherever it sits (docs/decisions.md, Settings).
import { REDACTED, type AccountSettings, type StoredSettings } from '../../../../../shared/api/accounts/settings';

/** The names of write-only values, at any depth of any section. */
export const WRITE_ONLY = new Set(['secret', 'access_token', 'api_key']);

/** A deep copy of `value` with every write-only value redacted. */
export function redact<T>(value: T): T {
  if (Array.isArray(value)) return value.map(redact) as T;
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k] = WRITE_ONLY.has(k) ? (v === null || v === undefined ? null : REDACTED) : redact(v);
  return out as T;
}

export function settingsView(settings: StoredSettings, address: string): AccountSettings {
  const view = redact(settings) as unknown as AccountSettings;
  view.security.api_access.your_address = address;
  return view;
}

/** One section as answered by its update. */
export function sectionView<S extends keyof StoredSettings>(settings: StoredSettings, section: S, address: string): AccountSettings[S] {
  return settingsView(settings, address)[section];
}
