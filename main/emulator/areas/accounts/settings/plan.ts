// The plan of a settings import (docs/decisions.md, Settings: export and import): per section and
// field (dotted paths) what would be added, changed (old → new) and removed, with counts, and the
// risks a reviewer must see before applying. Computed from the settings as stored now and as they
// would be: write-only values are compared but never put in the plan, only marked `secret`.
import { SETTINGS_SECTIONS, type SettingsSection, type StoredSettings } from '../../../../../shared/api/accounts/settings';
import type { PlanChange, PlanCounts, PlanRisk, PlanSection, SettingsPlan } from '../../../../../shared/api/accounts/settings-io';
import { wouldRefuse } from './allow-list';
import { redact, WRITE_ONLY } from './view';

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);
const isScalar = (v: unknown) => v === null || typeof v !== 'object';
const absent = (v: unknown) => v === null || v === undefined;
/** A value as the plan shows it: any write-only value inside an object or list redacted. */
const shown = (v: unknown) => (isScalar(v) ? v : redact(v));

function diff(path: string, key: string, a: unknown, b: unknown, out: PlanChange[]): void {
  if (WRITE_ONLY.has(key)) {
    if (a === b) return;
    out.push({ path, kind: absent(a) ? 'added' : absent(b) ? 'removed' : 'changed', secret: true });
    return;
  }
  if (isObject(a) && isObject(b)) {
    const keys = [...Object.keys(a), ...Object.keys(b).filter((k) => !(k in a))];
    for (const k of keys) diff(`${path}.${k}`, k, a[k], b[k], out);
    return;
  }
  if (Array.isArray(a) && Array.isArray(b)) {
    if (a.every(isScalar) && b.every(isScalar)) {
      // A list of values (allow-list entries, event types, repositories) is a set: members come and go.
      for (const v of b) if (!a.includes(v)) out.push({ path, kind: 'added', new: v });
      for (const v of a) if (!b.includes(v)) out.push({ path, kind: 'removed', old: v });
      return;
    }
    const n = Math.max(a.length, b.length);
    for (let i = 0; i < n; i++) diff(`${path}[${i}]`, '', a[i], b[i], out);
    return;
  }
  if (JSON.stringify(a) === JSON.stringify(b)) return;
  if (absent(a)) out.push({ path, kind: 'added', new: shown(b) });
  else if (absent(b)) out.push({ path, kind: 'removed', old: shown(a) });
  else out.push({ path, kind: 'changed', old: shown(a), new: shown(b) });
}

function countsOf(changes: readonly PlanChange[]): PlanCounts {
  const counts = { added: 0, changed: 0, removed: 0 };
  for (const c of changes) counts[c.kind]++;
  return counts;
}

/** What the plan knows of the account beyond the settings. */
export interface PlanWorld {
  address: string;
  /** Active API keys now (a lower max_api_keys stops new keys, it revokes none). */
  activeKeys: number;
  /** Audit events older than `days` now, for a shortened retention. */
  auditEventsOlderThan(days: number): number;
}

function risksOf(before: StoredSettings, after: StoredSettings, changes: readonly PlanChange[], world: PlanWorld): PlanRisk[] {
  const risks: PlanRisk[] = [];
  const sa = before.security;
  const sb = after.security;
  if (wouldRefuse(after, world.address)) {
    risks.push({
      code: 'self_lockout',
      severity: 'danger',
      path: 'security.api_access.ip_whitelist',
      message: `The allow-list would refuse your own address ${world.address}: every request you make after applying is refused`,
    });
  }
  if (sa.api_access.require_ip_whitelist && !sb.api_access.require_ip_whitelist) {
    risks.push({
      code: 'allow_list_turned_off',
      severity: 'warning',
      path: 'security.api_access.require_ip_whitelist',
      message: 'The IP allow-list is turned off: requests from any address are accepted',
    });
  }
  if (sa.two_factor.enabled && !sb.two_factor.enabled) {
    risks.push({
      code: 'two_factor_turned_off',
      severity: 'danger',
      path: 'security.two_factor.enabled',
      message: 'Two-factor authentication is turned off for the account',
    });
  }
  if (sb.audit.retention_days < sa.audit.retention_days) {
    const lost = world.auditEventsOlderThan(sb.audit.retention_days);
    risks.push({
      code: 'audit_retention_shortened',
      severity: 'warning',
      path: 'security.audit.retention_days',
      message: `Audit events are kept ${sb.audit.retention_days} days instead of ${sa.audit.retention_days}: ${
        lost === 0 ? 'none is older yet; events will be deleted sooner' : `${lost} older event${lost === 1 ? '' : 's'} would be deleted now`
      }`,
    });
  }
  for (const field of ['log_api_requests', 'log_resource_access'] as const) {
    if (sa.audit[field] && !sb.audit[field]) {
      risks.push({
        code: 'audit_logging_turned_off',
        severity: 'warning',
        path: `security.audit.${field}`,
        message: `${field === 'log_api_requests' ? 'API requests' : 'Resource access'} are no longer logged`,
      });
    }
  }
  if (sb.api_access.max_api_keys < world.activeKeys && sb.api_access.max_api_keys !== sa.api_access.max_api_keys) {
    risks.push({
      code: 'key_limit_below_active_keys',
      severity: 'warning',
      path: 'security.api_access.max_api_keys',
      message: `The account has ${world.activeKeys} active keys, more than the new limit of ${sb.api_access.max_api_keys}: no key can be created until some are revoked`,
    });
  }
  for (const c of changes) {
    if (!c.secret || c.kind !== 'removed') continue;
    const webhook = c.path === 'notifications.webhook.secret';
    risks.push({
      code: webhook ? 'webhook_secret_removed' : 'credential_removed',
      severity: webhook ? 'danger' : 'warning',
      path: c.path,
      message: webhook
        ? 'The webhook signing secret is removed: deliveries can no longer be verified by their receiver'
        : `The credential at ${c.path} is removed: the integration stops working until one is set`,
    });
  }
  return risks;
}

/** The plan of going from `before` to `after`, over the sections named (in the document's order). */
export function planOf(
  before: StoredSettings,
  after: StoredSettings,
  sections: readonly SettingsSection[],
  world: PlanWorld,
): SettingsPlan {
  const planned: PlanSection[] = [];
  const all: PlanChange[] = [];
  for (const section of SETTINGS_SECTIONS) {
    if (!sections.includes(section)) continue;
    const changes: PlanChange[] = [];
    diff(section, section, before[section], after[section], changes);
    planned.push({ section, counts: countsOf(changes), changes });
    all.push(...changes);
  }
  return { sections: planned, counts: countsOf(all), risks: risksOf(before, after, all, world), your_address: world.address };
}
