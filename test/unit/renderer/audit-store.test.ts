import { beforeEach, describe, expect, it } from 'vitest';
import type { AuditEvent, AuditResponse } from '../../../shared/api/accounts/audit';
import { setBridge, type RendererBridge } from '../../../renderer/src/bridge/index';
import { EXPORT_PAGE, useAudit } from '../../../renderer/src/features/accounts/audit/audit-store';

type Query = { period?: string; type?: string; limit?: number; cursor?: string };
type Call = { op: string; input: { query?: Query } };

const TYPES = ['permission_change', 'access_denied', 'role_assignment'] as const;

/** `n` events, newest first, types in turn. */
function world(n: number): AuditEvent[] {
  return Array.from({ length: n }, (_, i) => ({
    id: `audit_${i}`,
    timestamp: new Date(Date.UTC(2026, 10, 27) - i * 60_000).toISOString(),
    type: TYPES[i % 3]!,
    actor: { userId: 'usr_a', name: 'Ada', ipAddress: null, keyId: null },
    target: null,
    resource: null,
    action: 'role_updated',
    details: {},
  }));
}

/** A server over `events` that pages by position (the cursor is the next index) and counts as the route does. */
function fakeServer(events: AuditEvent[]): Call[] {
  const calls: Call[] = [];
  setBridge({
    mode: 'web',
    connection: { state: 'open', onStateChange: () => () => {} },
    subscribe: () => () => {},
    invoke: async (_channel: string, request: Call) => {
      calls.push(request);
      const q = request.input.query ?? {};
      const matching = events.filter((e) => !q.type || e.type === q.type);
      const start = q.cursor ? Number(q.cursor) : 0;
      const limit = q.limit ?? 100;
      const page = matching.slice(start, start + limit);
      const count = (t: string) => matching.filter((e) => e.type === t).length;
      const body: AuditResponse = {
        period: '7d',
        events: page,
        total: matching.length,
        summary: {
          permissionChanges: count('permission_change'),
          accessDenied: count('access_denied'),
          roleAssignments: count('role_assignment'),
          resourceShares: 0,
        },
        nextCursor: start + limit < matching.length ? String(start + limit) : null,
        retentionDays: 90,
      };
      return { status: 200, rateLimit: null, data: body };
    },
  } as unknown as RendererBridge);
  return calls;
}

describe('useAudit', () => {
  beforeEach(() =>
    useAudit.setState({
      status: 'idle',
      error: null,
      refreshing: false,
      loadedAt: null,
      filters: null,
      events: [],
      total: 0,
      summary: null,
      summaryFor: null,
      nextCursor: null,
      loadingMore: false,
      moreError: null,
      exporting: null,
    }),
  );

  it('reads the newest page and the total, then the next pages after the cursor, never the whole log', async () => {
    const calls = fakeServer(world(450));
    await useAudit.getState().load({ period: '7d' });
    let s = useAudit.getState();
    expect(s.events).toHaveLength(200);
    expect(s.total).toBe(450);
    expect(calls[0]!.input.query).toEqual({ period: '7d', limit: 200 });
    await s.loadMore();
    await useAudit.getState().loadMore();
    s = useAudit.getState();
    expect(s.events.map((e) => e.id)).toEqual(world(450).map((e) => e.id));
    expect(s.nextCursor).toBeNull();
    // Nothing is left to read: no call.
    await s.loadMore();
    expect(calls).toHaveLength(3);
  });

  it('keeps the figures of every type when a type filters the list, reading them once', async () => {
    const calls = fakeServer(world(30));
    await useAudit.getState().load({ period: '7d', type: 'access_denied' });
    const s = useAudit.getState();
    expect(s.total).toBe(10);
    expect(s.events.every((e) => e.type === 'access_denied')).toBe(true);
    expect(s.summary).toEqual({ permissionChanges: 10, accessDenied: 10, roleAssignments: 10, resourceShares: 0 });
    expect(calls.map((c) => c.input.query)).toEqual([
      { period: '7d', type: 'access_denied', limit: 200 },
      { period: '7d', limit: 1 },
    ]);
    // Another type of the same filters: the figures are known.
    await useAudit.getState().load({ period: '7d', type: 'role_assignment' });
    expect(calls).toHaveLength(3);
    expect(useAudit.getState().summary?.permissionChanges).toBe(10);
  });

  it('exports every page of the filters up to the bound, the largest pages first', async () => {
    const calls = fakeServer(world(2_500));
    await useAudit.getState().load({ period: '7d' });
    const all = await useAudit.getState().exportEvents({ period: '7d' }, 10_000);
    expect(all).toHaveLength(2_500);
    expect(new Set(all!.map((e) => e.id)).size).toBe(2_500);
    expect(calls.slice(1).map((c) => c.input.query?.limit)).toEqual([EXPORT_PAGE, EXPORT_PAGE, EXPORT_PAGE]);
    expect(useAudit.getState().exporting).toBeNull();

    const cut = await useAudit.getState().exportEvents({ period: '7d' }, 1_500);
    expect(cut).toHaveLength(1_500);
    expect(calls.slice(4).map((c) => c.input.query?.limit)).toEqual([EXPORT_PAGE, 500]);
  });
});
