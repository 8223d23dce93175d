// The audit log's retention and cap, its reading (period, filters, paging), and the what-if of a
// custom role edit (issue 19), on a seeded store.
import { describe, expect, it } from 'vitest';
import { AuditQuery } from '../../../../shared/api/accounts/audit';
import { auditPage } from '../../../../main/emulator/areas/accounts/audit/query';
import { AUDIT_EVENTS_MAX, pruneAudit } from '../../../../main/emulator/areas/accounts/audit/retention';
import { whatIf } from '../../../../main/emulator/areas/accounts/audit/what-if';
import type { StoredAuditEvent, StoredRole } from '../../../../main/emulator/areas/accounts/stored-schema';
import { seededStore } from './store-fixture';

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 5, 15, 12);
const OWNER = 'gpu_live_OwnerTst_0123456789abcdefghijABCDEFGHIJ01';

const event = (i: number, at: number, over: Partial<StoredAuditEvent> = {}): StoredAuditEvent => ({
  id: `audit_${i}`,
  at,
  type: 'access_denied',
  action: 'write_attempt',
  actorId: null,
  keyId: null,
  ipAddress: null,
  targetUserId: null,
  resource: null,
  details: {},
  ...over,
});

const role = (name: string, permissions: string[], scopes: string[], inherits: string[]): StoredRole => ({
  id: `role_custom_${name}`,
  name,
  displayName: name,
  description: null,
  permissions,
  scopes,
  limitations: {},
  inherits,
  assignable: true,
  createdAt: NOW - 40 * DAY,
  createdBy: 'usr_x',
  updatedAt: NOW - 40 * DAY,
});

describe('audit retention and cap', () => {
  it('drops events older than the 90-day retention, and the oldest past the cap (1,000,000)', () => {
    const { accounts } = seededStore(42, NOW, OWNER);
    accounts.audit.length = 0;
    accounts.audit.push(event(1, NOW - 91 * DAY), event(2, NOW - 90 * DAY + 1), event(3, NOW));
    pruneAudit(accounts, NOW);
    expect(accounts.audit.map((e) => e.id)).toEqual(['audit_2', 'audit_3']);

    expect(AUDIT_EVENTS_MAX).toBe(1_000_000);
    accounts.audit.length = 0;
    for (let i = 0; i <= 1000; i++) accounts.audit.push(event(i, NOW - 1000 + (i % 2)));
    pruneAudit(accounts, NOW, 1000);
    expect(accounts.audit).toHaveLength(990); // 1% below the cap, the newest kept
    expect(accounts.audit.at(-1)!.id).toBe('audit_1000');
    expect(accounts.audit[0]!.id).toBe('audit_11');
  });

  it('pages newest first within the period, filtering on actor or target, type and resource', () => {
    const events = [
      event(1, NOW - 8 * DAY, { actorId: 'usr_a' }),
      event(2, NOW - 2 * DAY, { actorId: 'usr_a', resource: { type: 'cluster', id: 'c1', name: null } }),
      event(3, NOW - DAY / 2, { type: 'permission_change', action: 'resource_shared', targetUserId: 'usr_a' }),
      event(4, NOW - 1000, { actorId: 'usr_b' }),
    ];
    const page = (q: Record<string, unknown>) => auditPage(events, [], AuditQuery.parse(q), NOW, NOW - 90 * DAY, 90);
    expect(page({}).events.map((e) => e.id)).toEqual(['audit_4', 'audit_3', 'audit_2']);
    expect(page({ userId: 'usr_a' }).events.map((e) => e.id)).toEqual(['audit_3', 'audit_2']);
    expect(page({ period: '1d' }).summary).toEqual({ permissionChanges: 1, accessDenied: 1, roleAssignments: 0, resourceShares: 1 });
    expect(page({ resourceId: 'c1', period: '30d' }).total).toBe(1);
    const first = page({ period: '30d', limit: '3' });
    expect(first.nextCursor).not.toBeNull();
    expect(page({ period: '30d', limit: '3', cursor: first.nextCursor }).events.map((e) => e.id)).toEqual(['audit_1']);
  });
});

describe('what-if of a custom role edit', () => {
  it('replays the successful calls of members holding the custom role, directly or by inheritance', () => {
    const { accounts } = seededStore(42, NOW, OWNER);
    accounts.roles.push(role('ops', ['read', 'write'], ['clusters'], ['viewer']), role('lead', ['execute'], ['endpoints'], ['ops']));
    const [direct, inheriting] = accounts.members.filter((m) => m.status === 'active' && m.role === 'developer');
    direct!.role = 'ops';
    inheriting!.role = 'lead';
    const keyOf = (userId: string) => [...accounts.keys.values()].find((k) => k.createdBy === userId);
    const label = 'POST /v1/clusters/:cluster_id/secrets';
    for (const m of [direct!, inheriting!]) {
      const key = keyOf(m.id) ?? [...accounts.keys.values()][0]!;
      key.createdBy = m.id;
      for (let i = 0; i < 3; i++) accounts.recordUse(key, 1, label, NOW - DAY);
      accounts.recordFailure(key.id, label, NOW - DAY); // one of them failed
    }
    const r = whatIf(accounts, { role: 'ops', permissions: ['read'], scopes: ['clusters'], period: '30d' }, NOW);
    expect(r.members).toBe(2);
    const rows = r.wouldBeRefused.filter((w) => w.route === '/v1/clusters/:cluster_id/secrets');
    expect(rows.map((w) => [w.userId, w.count, w.missing]).sort()).toEqual(
      [
        [direct!.id, 2, 'write on clusters'],
        [inheriting!.id, 2, 'write on clusters'],
      ].sort(),
    );
    expect(
      whatIf(accounts, { role: 'ops', permissions: ['read', 'write'], scopes: ['clusters'], period: '30d' }, NOW).wouldBeRefused,
    ).toEqual([]);
  });
});
