// The permission audit log and the what-if of a role edit (issue 19), on a seeded world whose
// accounts slice is given events and usage directly (not over HTTP): (a) a filtered page
// (access_denied of one member over 30 days) of a log holding 1,000,000 events, the route's
// whole work (query parsing, retention, the page, its JSON), against a plain filter of the same
// events measured in the same run; (b) the what-if replay of 30 days for a role held by 50
// members (the seeded developers and admins among them), each of whose keys called every route
// on each day, against summing the same daily counts without deciding them.
// Run alone: npx tsx test/bench/audit.ts
import { fileURLToPath } from 'node:url';
import { AuditQuery } from '../../shared/api/accounts/audit';
import { operations } from '../../shared/api/operations';
import { AREAS } from '../../main/emulator/areas';
import { auditPage } from '../../main/emulator/areas/accounts/audit/query';
import { auditRetentionDays, pruneAudit, retainedFrom } from '../../main/emulator/areas/accounts/audit/retention';
import { whatIf } from '../../main/emulator/areas/accounts/audit/what-if';
import { accountsOf, type Accounts } from '../../main/emulator/areas/accounts/state';
import type { StoredAuditEvent, StoredKey, StoredMember } from '../../main/emulator/areas/accounts/stored-schema';
import { Store } from '../../main/emulator/state/store';
import { buildWorld } from '../../main/emulator/world/builder';
import { timeEach } from './timing';

const DAY = 86_400_000;
const EVENTS = 1_000_000;
const HOLDERS = 50;
const TYPES = ['permission_change', 'access_denied', 'role_assignment'] as const;

export interface AuditBench {
  events: number;
  /** Median ms of a filtered page (type access_denied + userId, 30d, limit 100). */
  pageMs: number;
  pageTotal: number;
  /** Median ms of `events.filter` with the same conditions over every event: the baseline. */
  plainFilterMs: number;
  holders: number;
  callsReplayed: number;
  refusedRows: number;
  /** Median ms of the what-if replay (30 days, 50 members). */
  whatIfMs: number;
  /** Median ms of summing the same daily counts without deciding them: the baseline. */
  sumCountsMs: number;
}

function seededAccounts(now: number): Accounts {
  const world = buildWorld(AREAS, 42, now);
  return accountsOf(new Store(AREAS, world.state));
}

/** A deterministic stream of numbers in [0, 1). */
function lcg(seed: number): () => number {
  let s = seed >>> 0;
  return () => (s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32;
}

export function benchAudit(): AuditBench {
  const now = Date.UTC(2026, 5, 15, 12);
  const accounts = seededAccounts(now);
  const users = Array.from({ length: HOLDERS }, (_, i) => `usr_bench${String(i).padStart(3, '0')}`);
  const rand = lcg(7);
  const audit = accounts.audit;
  audit.length = 0;
  // Evenly over the last 89 days, oldest first, as the log appends them.
  const span = 89 * DAY;
  for (let i = 0; i < EVENTS; i++) {
    const actor = users[Math.floor(rand() * users.length)]!;
    const event: StoredAuditEvent = {
      id: `audit_b${i}`,
      at: now - span + Math.floor((i * span) / EVENTS),
      type: TYPES[Math.floor(rand() * 3)]!,
      action: 'write_attempt',
      actorId: actor,
      keyId: 'key_bench',
      ipAddress: '127.0.0.1',
      targetUserId: rand() < 0.3 ? users[Math.floor(rand() * users.length)]! : null,
      resource: rand() < 0.5 ? { type: 'cluster', id: `cls_${Math.floor(rand() * 1000)}`, name: null } : null,
      details: { route: 'POST /v1/clusters/:cluster_id/stop' },
    };
    audit.push(event);
  }
  const user = users[7]!;
  const query = { type: 'access_denied', userId: user, period: '30d' };
  const page = () => {
    const q = AuditQuery.parse(query);
    pruneAudit(accounts, now);
    return JSON.stringify(auditPage(audit, accounts.members, q, now, retainedFrom(accounts, now), auditRetentionDays(accounts)));
  };
  for (let i = 0; i < 5; i++) page();
  const pageMs = timeEach(30, page);
  const pageTotal = (JSON.parse(page()) as { total: number }).total;
  const from = now - 30 * DAY;
  const plainFilterMs = timeEach(30, () =>
    audit.filter((e) => e.at >= from && e.type === 'access_denied' && (e.actorId === user || e.targetUserId === user)),
  );
  audit.length = 0;

  // (b) 50 active developers, each with a key that made calls to every route on each of the last 30 days.
  const holdsDeveloper = (m: StoredMember) => m.status === 'active' && (m.role === 'developer' || m.role === 'admin');
  const template = accounts.members.find((m) => m.status === 'active' && m.role === 'developer')!;
  // The seeded developers and admins (admin inherits developer) count among the 50.
  const added = HOLDERS - accounts.members.filter(holdsDeveloper).length;
  const keyTemplate = [...accounts.keys.values()][0]!;
  const labels = Object.values(operations).map((op) => `${op.method} ${op.path}`);
  for (let i = 0; i < added; i++) {
    const member: StoredMember = { ...template, id: users[i]!, email: `bench${i}@example.com`, name: `Bench ${i}` };
    accounts.members.push(member);
    const key: StoredKey = {
      ...keyTemplate,
      id: `key_bench${i}`,
      hash: i.toString(16).padStart(64, '0'),
      owner: false,
      createdBy: member.id,
    };
    accounts.addKey(key);
    for (let d = 0; d < 30; d++) for (const label of labels) accounts.recordUse(key, 1, label, now - d * DAY - 1000 * (1 + (d % 7)));
  }
  const holders = accounts.members.filter(holdsDeveloper).length;
  const draft = {
    role: 'developer',
    permissions: ['read' as const, 'execute' as const],
    scopes: ['endpoints' as const, 'clusters' as const],
    period: '30d' as const,
  };
  const replay = () => whatIf(accounts, draft, now);
  replay();
  const whatIfMs = timeEach(10, replay);
  const result = replay();
  const sumCountsMs = timeEach(10, () => {
    let n = 0;
    for (const log of accounts.usage.values())
      for (const [day, m] of log.days) if (day >= now - 31 * DAY) for (const c of m.values()) n += c;
    return n;
  });
  return {
    events: EVENTS,
    pageMs,
    pageTotal,
    plainFilterMs,
    holders,
    callsReplayed: result.callsReplayed,
    refusedRows: result.wouldBeRefused.length,
    whatIfMs,
    sumCountsMs,
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) console.log(benchAudit());
