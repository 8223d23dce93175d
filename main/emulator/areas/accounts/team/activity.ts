// The team's activity report (01-accounts.md, Team: GET /v2/accounts/team/activity), computed
// from what is stored, the same on every call at the same simulated time (docs/decisions.md,
// Team: the formulas). Periods: 1d, 7d, 30d (default) and 90d — the usage history kept is 90 days.
import { accountsOperations as ops } from '../../../../../shared/api/accounts/operations';
import type { TeamActivityResponse } from '../../../../../shared/api/accounts/team';
import { defineRoute } from '../../../core/route-def';
import { accountsOf } from '../state';
import { keysByMember, usageOf } from './usage';

const DAY_MS = 86_400_000;
const PERIOD_DAYS = { '1d': 1, '7d': 7, '30d': 30, '90d': 90 } as const;

/** A percentage with one decimal; 0 of 0 is 0. */
const percent = (part: number, whole: number) => (whole === 0 ? 0 : Math.round((1000 * part) / whole) / 10);

export const activityRoute = defineRoute(ops['team.activity'], (ctx, { query, now }): TeamActivityResponse => {
  const accounts = accountsOf(ctx.store);
  const span = PERIOD_DAYS[query.period] * DAY_MS;
  const from = now - span;
  const inPeriod = (t: number) => t > from && t <= now;
  const byKeys = keysByMember(accounts);
  const created = ctx.createdResources();
  const departmentOf = new Map(accounts.members.map((m) => [m.id, m.department]));
  const shares = accounts.shares.filter((s) => inPeriod(s.sharedAt));
  // Members who joined: active and suspended (pending ones have not, removed ones left).
  const team = accounts.members.filter((m) => m.status === 'active' || m.status === 'suspended');
  let previousRequests = 0;
  let currentRequests = 0;
  const memberActivity = team.map((m) => {
    const keys = byKeys.get(m.id) ?? [];
    const usage = usageOf(accounts, keys, from, now + 1);
    currentRequests += usage.requests;
    previousRequests += usageOf(accounts, keys, from - span, from).requests;
    return {
      userId: m.id,
      name: m.name,
      role: m.role,
      activity: {
        logins: usage.days,
        endpointExecutions: usage.executions,
        resourcesCreated: created.filter((r) => r.createdBy === m.id && inPeriod(r.createdAt)).length,
        collaborations: shares.filter((s) => s.sharedBy === m.id || s.userId === m.id).length,
      },
    };
  });
  const active = memberActivity.filter((a) => a.activity.logins > 0).length;
  const total = (a: (typeof memberActivity)[number]['activity']) => a.logins + a.endpointExecutions + a.resourcesCreated + a.collaborations;
  // Retention: of those on the team when the period began, the share still on it.
  const atStart = accounts.members.filter(
    (m) => m.joinedAt !== null && m.joinedAt <= from && (m.status !== 'removed' || (m.removedAt ?? 0) > from),
  );
  const stayed = atStart.filter((m) => m.status !== 'removed').length;
  return {
    period: query.period,
    summary: {
      totalMembers: team.length,
      activeMembers: active,
      newMembers: team.filter((m) => m.joinedAt !== null && inPeriod(m.joinedAt)).length,
      totalActivity: memberActivity.reduce((n, a) => n + total(a.activity), 0),
      collaborationScore: percent(memberActivity.filter((a) => a.activity.collaborations > 0).length, team.length),
    },
    memberActivity,
    teamCollaboration: {
      sharedEndpoints: new Set(
        accounts.shares.filter((s) => s.status === 'active' && ctx.resource(s.resourceId)?.type === 'endpoint').map((s) => s.resourceId),
      ).size,
      crossTeamProjects: new Set(shares.filter((s) => departmentOf.get(s.sharedBy) !== departmentOf.get(s.userId)).map((s) => s.resourceId))
        .size,
      knowledgeSharing: shares.length,
    },
    trends: {
      activityGrowth:
        previousRequests === 0 ? (currentRequests > 0 ? 100 : 0) : percent(currentRequests - previousRequests, previousRequests),
      memberEngagement: percent(active, team.length),
      retentionRate: atStart.length === 0 ? 100 : percent(stayed, atStart.length),
    },
  };
});
