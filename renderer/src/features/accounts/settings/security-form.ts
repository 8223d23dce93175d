// The security section as a form: two-factor, the API allow-list (rows, each checked with
// parseAllowEntry), session and audit bounds. A Save whose allow-list would refuse the address
// the console connects from is confirmed first (wouldLockOut) and sent with allow_lockout.
import ipaddr from 'ipaddr.js';
import {
  allowListIncludes,
  parseAllowEntry,
  SETTINGS_BOUNDS,
  UpdateSecurityRequest,
  type TWO_FACTOR_METHODS,
} from '../../../../../shared/api/accounts/settings';
import type { SectionFormSpec } from './section-form';
import { typedNumber } from './section-form';
import type { Settings } from './settings-store';

type Security = Settings['security'];

export interface AllowRow {
  /** Stable across edits, for React and for focus. */
  id: number;
  value: string;
}

export interface SecurityForm {
  twoFactorEnabled: boolean;
  twoFactorMethod: (typeof TWO_FACTOR_METHODS)[number];
  allowList: AllowRow[];
  requireAllowList: boolean;
  maxApiKeys: string;
  sessionTimeout: string;
  reauth: boolean;
  concurrentSessions: string;
  logApiRequests: boolean;
  logResourceAccess: boolean;
  retentionDays: string;
}

const B = SETTINGS_BOUNDS;
export const SECURITY_RULES = {
  'api_access.max_api_keys': `${B.maxApiKeys.min} to ${B.maxApiKeys.max} keys`,
  'session.timeout': `${B.sessionTimeoutHours.min} to ${B.sessionTimeoutHours.max} hours`,
  'session.concurrent_sessions': `${B.concurrentSessions.min} to ${B.concurrentSessions.max} sessions`,
  'audit.retention_days': `${B.auditRetentionDays.min} to ${B.auditRetentionDays.max} days`,
  'api_access.ip_whitelist': `At most ${B.allowListEntries} entries`,
} as const;

let nextRowId = 1;
export const allowRow = (value = ''): AllowRow => ({ id: nextRowId++, value });

const ROW_KEY = /^api_access\.ip_whitelist\.\d+$/;

export const securitySpec: SectionFormSpec<Security, SecurityForm, UpdateSecurityRequest> = {
  fromSection: (s) => ({
    twoFactorEnabled: s.two_factor.enabled,
    twoFactorMethod: s.two_factor.method,
    allowList: s.api_access.ip_whitelist.map((v) => allowRow(v)),
    requireAllowList: s.api_access.require_ip_whitelist,
    maxApiKeys: String(s.api_access.max_api_keys),
    sessionTimeout: String(s.session.timeout),
    reauth: s.session.require_reauth_for_sensitive,
    concurrentSessions: String(s.session.concurrent_sessions),
    logApiRequests: s.audit.log_api_requests,
    logResourceAccess: s.audit.log_resource_access,
    retentionDays: String(s.audit.retention_days),
  }),
  toRequest: (f) => ({
    two_factor: { enabled: f.twoFactorEnabled, method: f.twoFactorMethod },
    api_access: {
      // Empty rows are not entries: a row added and left blank is dropped, not refused.
      ip_whitelist: f.allowList.map((r) => r.value.trim()).filter((v) => v !== ''),
      require_ip_whitelist: f.requireAllowList,
      max_api_keys: typedNumber(f.maxApiKeys),
    },
    session: {
      timeout: typedNumber(f.sessionTimeout),
      require_reauth_for_sensitive: f.reauth,
      concurrent_sessions: typedNumber(f.concurrentSessions),
    },
    audit: { log_api_requests: f.logApiRequests, log_resource_access: f.logResourceAccess, retention_days: typedNumber(f.retentionDays) },
  }),
  schema: UpdateSecurityRequest,
  members: {
    'two_factor.enabled': 'twoFactorEnabled',
    'two_factor.method': 'twoFactorMethod',
    'api_access.ip_whitelist': 'allowList',
    'api_access.require_ip_whitelist': 'requireAllowList',
    'api_access.max_api_keys': 'maxApiKeys',
    'session.timeout': 'sessionTimeout',
    'session.require_reauth_for_sensitive': 'reauth',
    'session.concurrent_sessions': 'concurrentSessions',
    'audit.log_api_requests': 'logApiRequests',
    'audit.log_resource_access': 'logResourceAccess',
    'audit.retention_days': 'retentionDays',
  },
  memberOf: (key) => (ROW_KEY.test(key) ? 'allowList' : undefined),
  ruleOf: (key) => SECURITY_RULES[key as keyof typeof SECURITY_RULES],
};

/**
 * The error key of an allow-list row: the index among the entries sent (blank rows are not sent).
 */
export function rowErrorKeys(rows: readonly AllowRow[]): Map<number, string> {
  const keys = new Map<number, string>();
  let index = 0;
  for (const row of rows) if (row.value.trim() !== '') keys.set(row.id, `api_access.ip_whitelist.${index++}`);
  return keys;
}

/** What a row offers instead of what was typed: the normalized form, or the range a CIDR with host bits names. */
export function suggestedEntry(raw: string): string | null {
  const value = raw.trim();
  const parsed = parseAllowEntry(value);
  if (parsed.ok) return parsed.normalized !== value ? parsed.normalized : null;
  if (!value.includes('/')) return null;
  try {
    const [ip, length] = ipaddr.parseCIDR(value);
    const network = ip.kind() === 'ipv4' ? ipaddr.IPv4.networkAddressFromCIDR(value) : ipaddr.IPv6.networkAddressFromCIDR(value);
    const candidate = `${network.toString()}/${length}`;
    return parseAllowEntry(candidate).ok ? candidate : null;
  } catch {
    return null;
  }
}

/**
 * Whether saving the form would refuse the console's own address: the allow-list is required,
 * every entry is valid, and none includes the address. Unknown address: no prediction (the
 * server still guards with SELF_LOCKOUT).
 */
export function wouldLockOut(form: SecurityForm, address: string | null): boolean {
  if (!form.requireAllowList || !address) return false;
  const entries = form.allowList.map((r) => parseAllowEntry(r.value)).filter((p) => p.ok);
  return !allowListIncludes(
    entries.map((p) => (p.ok ? p.normalized : '')),
    address,
  );
}
