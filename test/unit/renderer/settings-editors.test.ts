// The settings editors' pure logic: a Save's partial PUT, write-only values, the allow-list rows.
import { describe, expect, it } from 'vitest';
import { REDACTED } from '../../../shared/api/accounts/settings';
import { changedPart } from '../../../renderer/src/features/accounts/settings/settings-diff';
import { placeSectionError, validateSection } from '../../../renderer/src/features/accounts/settings/section-form';
import {
  securitySpec,
  suggestedEntry,
  wouldLockOut,
  allowRow,
  rowErrorKeys,
} from '../../../renderer/src/features/accounts/settings/security-form';
import { notificationsSpec } from '../../../renderer/src/features/accounts/settings/notifications-form';
import { dateExample, numberExample } from '../../../renderer/src/features/accounts/settings/preferences-form';
import { KEEP, writeOnlyRequest, writeOnlyStatus } from '../../../renderer/src/features/accounts/settings/write-only';
import type { Settings } from '../../../renderer/src/features/accounts/settings/settings-store';

const security: Settings['security'] = {
  two_factor: { enabled: false, method: 'totp', backup_codes: 8 },
  api_access: { ip_whitelist: ['203.0.113.0/24'], require_ip_whitelist: false, max_api_keys: 10, your_address: '127.0.0.1' },
  session: { timeout: 24, require_reauth_for_sensitive: true, concurrent_sessions: 3 },
  audit: { log_api_requests: true, log_resource_access: false, retention_days: 90 },
};

const notifications: Settings['notifications'] = {
  email: {
    enabled: true,
    alerts: { cost_alerts: true, usage_warnings: true, security_notifications: true, system_updates: false, marketing_emails: false },
    frequency: 'immediate',
    email: 'owner@example.com',
  },
  chat: {
    enabled: false,
    webhook_url: null,
    channel: null,
    alerts: { endpoint_failures: true, cost_thresholds: true, cluster_events: false },
  },
  webhook: { enabled: false, url: null, events: [], secret: REDACTED },
};

describe('changedPart', () => {
  it('keeps only the changed members, nested objects reduced, arrays whole', () => {
    const before = { a: { x: 1, y: 2 }, list: [1, 2], s: 'same' };
    expect(changedPart(before, { a: { x: 1, y: 3 }, list: [1, 2], s: 'same' })).toEqual({ a: { y: 3 } });
    expect(changedPart(before, { a: { x: 1, y: 2 }, list: [1, 2, 3], s: 'same' })).toEqual({ list: [1, 2, 3] });
    expect(changedPart(before, before)).toBeUndefined();
  });
  it('sends null when a value is cleared', () => {
    expect(changedPart({ url: 'https://x' as string | null }, { url: null })).toEqual({ url: null });
  });
});

describe('write-only values', () => {
  it('keep sends what was read (so no change), clear sends null, replace the new value', () => {
    expect(writeOnlyRequest(REDACTED, KEEP)).toBe(REDACTED);
    expect(writeOnlyRequest(null, KEEP)).toBeNull();
    expect(writeOnlyRequest(REDACTED, { change: 'clear' })).toBeNull();
    expect(writeOnlyRequest(REDACTED, { change: 'replace', value: 'new' })).toBe('new');
  });
  it('says Set / Not set and what a Save would do, never the value', () => {
    expect(writeOnlyStatus(REDACTED, KEEP)).toBe('Set');
    expect(writeOnlyStatus(null, KEEP)).toBe('Not set');
    expect(writeOnlyStatus(REDACTED, { change: 'clear' })).toBe('Will be cleared on Save');
    expect(writeOnlyStatus(null, { change: 'replace', value: 'abc' })).toBe('Will be set on Save');
  });
  it('an untouched secret is not in the request; a cleared one is null', () => {
    const form = notificationsSpec.fromSection(notifications);
    expect(validateSection(notificationsSpec, notifications, form)).toEqual({ ok: true, request: {} });
    const cleared = validateSection(notificationsSpec, notifications, { ...form, webhookSecret: { change: 'clear' } });
    expect(cleared).toEqual({ ok: true, request: { webhook: { secret: null } } });
  });
});

describe('the security form', () => {
  it('sends only the changed member', () => {
    const form = { ...securitySpec.fromSection(security), sessionTimeout: '12' };
    expect(validateSection(securitySpec, security, form)).toEqual({ ok: true, request: { session: { timeout: 12 } } });
  });
  it('says the rule on the field, not the validator', () => {
    const form = { ...securitySpec.fromSection(security), sessionTimeout: '200', retentionDays: 'abc' };
    const result = validateSection(securitySpec, security, form);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.errors['session.timeout']).toBe('1 to 168 hours');
      expect(result.errors['audit.retention_days']).toBe('30 to 365 days');
    }
  });
  it("puts an entry's reason on its row (blank rows are not counted)", () => {
    const rows = [allowRow('203.0.113.0/24'), allowRow(''), allowRow('10.0.0.1/8')];
    const form = { ...securitySpec.fromSection(security), allowList: rows };
    const result = validateSection(securitySpec, security, form);
    const key = rowErrorKeys(rows).get(rows[2]!.id)!;
    expect(key).toBe('api_access.ip_whitelist.1');
    expect(result.ok ? null : result.errors[key]).toMatch(/host bits set: the range is 10\.0\.0\.0\/8/);
  });
  it("places the server's refusal on its field in the same words", () => {
    const placed = placeSectionError(securitySpec, {
      code: 'VALIDATION_ERROR',
      message: 'Invalid request',
      status: 400,
      source: 'account',
      details: { field: 'session.timeout', reason: 'Too big: expected number to be <=168' },
    });
    expect(placed).toEqual([{ key: 'session.timeout', message: '1 to 168 hours', member: 'sessionTimeout' }]);
    const row = placeSectionError(securitySpec, {
      code: 'VALIDATION_ERROR',
      message: 'Invalid request',
      status: 400,
      source: 'account',
      details: { field: 'api_access.ip_whitelist.0', reason: '10.0.0.1/8 has host bits set: the range is 10.0.0.0/8' },
    });
    expect(row).toEqual([
      { key: 'api_access.ip_whitelist.0', message: '10.0.0.1/8 has host bits set: the range is 10.0.0.0/8', member: 'allowList' },
    ]);
  });
  it('offers the range meant and the normalized form', () => {
    expect(suggestedEntry('10.0.0.1/8')).toBe('10.0.0.0/8');
    expect(suggestedEntry('2001:0db8:0000::1')).toBe('2001:db8::1');
    expect(suggestedEntry('10.0.0.0/8')).toBeNull();
    expect(suggestedEntry('nonsense')).toBeNull();
  });
  it('predicts a lockout only when the list is required and misses the address', () => {
    const form = securitySpec.fromSection(security);
    expect(wouldLockOut(form, '127.0.0.1')).toBe(false);
    expect(wouldLockOut({ ...form, requireAllowList: true }, '127.0.0.1')).toBe(true);
    expect(wouldLockOut({ ...form, requireAllowList: true, allowList: [allowRow('127.0.0.0/8')] }, '::ffff:127.0.0.1')).toBe(false);
    expect(wouldLockOut({ ...form, requireAllowList: true }, null)).toBe(false);
  });
});

describe('format examples', () => {
  it('writes a date and a number in each format', () => {
    const d = new Date(Date.UTC(2026, 2, 31));
    expect(dateExample('DD/MM/YYYY', d)).toBe('31/03/2026');
    expect(dateExample('YYYY/MM/DD', d)).toBe('2026/03/31');
    expect(numberExample('1.234,56', 1234567.89)).toBe('1.234.567,89');
    expect(numberExample('1 234,56', 1234.5)).toBe('1 234,50');
  });
});
