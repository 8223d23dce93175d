import { describe, expect, it } from 'vitest';
import { AuditEvent, AuditQuery } from '../../../shared/api/accounts/audit';
import { AUDIT_CSV_HEADER, auditCsv, auditCsvRow, exportFileName } from '../../../renderer/src/features/accounts/audit/audit-csv';
import {
  AUDIT_URL,
  auditFilters,
  emptyAdvice,
  SUMMARY_FIGURES,
  summaryKey,
  toggledType,
} from '../../../renderer/src/features/accounts/audit/audit-filters';
import { checkPathOf, keyPath, resourcePath } from '../../../renderer/src/features/accounts/audit/audit-links';
import { EXPORT_PAGE } from '../../../renderer/src/features/accounts/audit/audit-store';
import {
  actionWords,
  detailFacts,
  eventSentence,
  labelOf,
  missingWords,
  subjectWords,
  valueWords,
} from '../../../renderer/src/features/accounts/audit/audit-words';

const params = (patch: Partial<Record<'period' | 'type' | 'user' | 'q' | 'sort', string>> = {}) => ({
  ...AUDIT_URL,
  q: '',
  sort: '',
  ...patch,
});

const event = (patch: Partial<AuditEvent> = {}): AuditEvent =>
  AuditEvent.parse({
    id: 'audit_1',
    timestamp: '2026-11-27T10:00:00.000Z',
    type: 'access_denied',
    actor: { userId: 'usr_ada', name: 'Ada Lovelace', ipAddress: '10.0.0.7', keyId: 'key_ro' },
    target: null,
    resource: null,
    action: 'write_attempt',
    details: {
      method: 'POST',
      route: 'POST /v2/accounts/api-keys',
      path: '/v2/accounts/api-keys',
      error: 'INSUFFICIENT_PERMISSIONS',
      scope: 'accounts',
      missing: { requiredPermission: 'write', requiredScope: 'accounts' },
    },
    ...patch,
  });

const roleChange = event({
  id: 'audit_2',
  type: 'role_assignment',
  action: 'role_updated',
  target: { userId: 'usr_bob', name: 'Bob Hopper' },
  details: { from: 'viewer', to: 'developer', reason: 'on call, "week 48"' },
});

describe('audit filters of the address', () => {
  it('asks the default period and nothing else for a plain address', () => {
    expect(auditFilters(params())).toEqual({ period: '7d' });
  });

  it('passes a known period, type, member and the trimmed resource id', () => {
    expect(auditFilters(params({ period: '90d', type: 'access_denied', user: 'usr_ada', q: '  cluster_a1 ' }))).toEqual({
      period: '90d',
      type: 'access_denied',
      userId: 'usr_ada',
      resourceId: 'cluster_a1',
    });
  });

  it('drops what the API would refuse: an unknown period or type; cuts ids to its bounds', () => {
    const f = auditFilters(params({ period: '1y', type: 'everything', user: 'u'.repeat(150), q: 'r'.repeat(300) }));
    expect(f.period).toBe('7d');
    expect(f.type).toBeUndefined();
    expect(f.userId).toHaveLength(100);
    expect(f.resourceId).toHaveLength(200);
    // What the store sends is a query the contract takes.
    expect(AuditQuery.safeParse({ ...f, limit: EXPORT_PAGE }).success).toBe(true);
  });

  it('reads its export pages at the largest page the contract takes, and no larger', () => {
    expect(AuditQuery.safeParse({ limit: EXPORT_PAGE }).success).toBe(true);
    expect(AuditQuery.safeParse({ limit: EXPORT_PAGE + 1 }).success).toBe(false);
  });

  it('keys the summary by every filter but the type', () => {
    expect(summaryKey({ period: '7d', type: 'access_denied', userId: 'usr_a' })).toBe(summaryKey({ period: '7d', userId: 'usr_a' }));
    expect(summaryKey({ period: '7d' })).not.toBe(summaryKey({ period: '30d' }));
  });

  it('a figure chooses its type, a second click clears it; shares filter nothing', () => {
    const [changes, denied, , shares] = SUMMARY_FIGURES;
    expect(toggledType('', denied!)).toBe('access_denied');
    expect(toggledType('access_denied', denied!)).toBe('');
    expect(toggledType('access_denied', changes!)).toBe('permission_change');
    expect(toggledType('role_assignment', shares!)).toBe('role_assignment');
    expect(SUMMARY_FIGURES.map((f) => f.key)).toEqual(['permissionChanges', 'accessDenied', 'roleAssignments', 'resourceShares']);
  });

  it('says what an empty list asked and what to change', () => {
    expect(emptyAdvice({ period: '7d', type: 'access_denied', resourceId: 'ep_1' })).toBe(
      'No events in the last 7 days for access denied, resource ep_1. Try a longer period, or every type, or the resource id (it must match whole).',
    );
    expect(emptyAdvice({ period: '90d', userId: 'usr_a' })).toBe('No events in the last 90 days for this member.');
  });
});

describe('an audit event in words', () => {
  it('names a refused attempt after what was attempted', () => {
    expect(actionWords('write_attempt')).toBe('Write refused');
    expect(actionWords('manage_team_attempt')).toBe('Manage team refused');
    expect(actionWords('role_updated')).toBe('Role updated');
    expect(actionWords('something_new')).toBe('Something new');
  });

  it('says what a refusal lacked, in each spelling the errors use', () => {
    expect(missingWords({ requiredPermission: 'write', requiredScope: 'accounts' })).toBe('write on accounts');
    expect(missingWords({ required_permission: 'clusters:write' })).toBe('clusters:write');
    expect(missingWords({ requiredRole: 'admin', currentRole: 'viewer' })).toBe('the admin role (has viewer)');
    expect(missingWords({ attemptedPermission: 'manage_billing' })).toBe('manage billing');
    expect(missingWords({})).toBeNull();
    expect(missingWords('nope')).toBeNull();
  });

  it('makes one sentence of an event', () => {
    expect(eventSentence(event())).toBe('Write refused: POST /v2/accounts/api-keys — needs write on accounts');
    expect(eventSentence(roleChange)).toBe('Role updated: Bob Hopper');
    expect(
      eventSentence(
        event({ type: 'permission_change', action: 'resource_shared', resource: { type: 'cluster', id: 'cluster_a', name: 'gpu-a' } }),
      ),
    ).toBe('Resource shared: cluster gpu-a (cluster_a)');
    expect(subjectWords({ target: null, resource: { type: 'tuning_job', id: 'tune_1', name: null } })).toBe('tuning job tune_1');
  });

  it('lists a refusal’s route, error, scope and what was missing first, without repeating the method or the path', () => {
    expect(detailFacts(event())).toEqual([
      { label: 'Route', value: 'POST /v2/accounts/api-keys', mono: true },
      { label: 'Error', value: 'INSUFFICIENT_PERMISSIONS', mono: true },
      { label: 'Scope', value: 'accounts', mono: false },
      { label: 'Missing', value: 'write on accounts' },
    ]);
    const withId = event({ details: { method: 'PUT', route: 'PUT /v2/endpoints/:endpointId', path: '/v2/endpoints/ep_9', missing: {} } });
    expect(detailFacts(withId).map((f) => f.label)).toEqual(['Route', 'Path', 'Missing']);
  });

  it('labels other details readably', () => {
    expect(detailFacts(roleChange)).toEqual([
      { label: 'From', value: 'viewer' },
      { label: 'To', value: 'developer' },
      { label: 'Reason', value: 'on call, "week 48"' },
    ]);
    expect(labelOf('requiredPermission')).toBe('Required permission');
    expect(labelOf('retry_after')).toBe('Retry after');
    expect(valueWords(['read', 'write'])).toBe('read, write');
    expect(valueWords({ maxClusters: 3, shared: true })).toBe('max clusters: 3, shared: yes');
    expect(valueWords(null)).toBe('—');
    expect(valueWords([])).toBe('none');
  });
});

describe('audit CSV', () => {
  it('writes a header, then one record per event with its parts and details as JSON', () => {
    const csv = auditCsv([event(), roleChange]);
    const records = csv.trimEnd().split('\r\n');
    expect(records[0]).toBe(AUDIT_CSV_HEADER.join(','));
    expect(records).toHaveLength(3);
    expect(auditCsvRow(event()).slice(0, 8)).toEqual([
      '2026-11-27T10:00:00.000Z',
      'access_denied',
      'write_attempt',
      'Write refused: POST /v2/accounts/api-keys — needs write on accounts',
      'usr_ada',
      'Ada Lovelace',
      '10.0.0.7',
      'key_ro',
    ]);
    // The details' quotes and commas are quoted as RFC 4180 says.
    expect(records[2]).toContain('"{""from"":""viewer"",""to"":""developer"",""reason"":""on call, \\""week 48\\""""}"');
    expect(auditCsvRow(event()).length).toBe(AUDIT_CSV_HEADER.length);
  });

  it('names the file by period, type and the server’s day', () => {
    expect(exportFileName({ period: '30d', type: 'access_denied' }, Date.parse('2026-11-27T23:59:00Z'))).toBe(
      'audit-log-30d-access_denied-2026-11-27.csv',
    );
    expect(exportFileName({ period: '7d' }, Date.parse('2026-01-02T00:00:00Z'))).toBe('audit-log-7d-2026-01-02.csv');
  });
});

describe('audit links', () => {
  it("opens a refusal's explained check: its member, what was missing, its resource", () => {
    const refusal = {
      type: 'access_denied' as const,
      actor: { userId: 'usr_v', name: 'Vera', ipAddress: null, keyId: 'key_1' },
      resource: { type: 'cluster', id: 'cluster_1', name: null },
    };
    // A member refusal names the role scope.
    expect(checkPathOf({ ...refusal, details: { missing: { requiredPermission: 'write', requiredScope: 'clusters' } } })).toBe(
      '/access?tab=check&user=usr_v&permission=write&scope=clusters&resource=cluster_1',
    );
    // A key refusal's `<scope>:<permission>` on a key scope is asked on its role scope.
    expect(checkPathOf({ ...refusal, resource: null, details: { missing: { required_permission: 'training:write' } } })).toBe(
      '/access?tab=check&user=usr_v&permission=write&scope=endpoints',
    );
    // Nothing a check can ask: a limitation; no refusal at all.
    expect(checkPathOf({ ...refusal, details: { missing: { limitation: 'maxApiKeys' } } })).toBeNull();
    expect(checkPathOf({ ...refusal, type: 'permission_change', details: {} })).toBeNull();
  });

  it('opens a resource’s own page by its id’s kind', () => {
    expect(resourcePath('cluster_abc')).toBe('/clusters/cluster_abc');
    expect(resourcePath('ep_1')).toBe('/endpoints/ep_1');
    expect(resourcePath('job_1')).toBe('/training/jobs/job_1');
    expect(resourcePath('ds_1')).toBe('/training/datasets/ds_1');
    expect(resourcePath('model_1')).toBe('/models/model_1');
    expect(resourcePath('tmpl_1')).toBe('/templates/tmpl_1');
    expect(resourcePath('exp_1')).toBe('/experiments/exp_1');
    expect(resourcePath('tune_1')).toBeNull();
    expect(resourcePath('key_1')).toBeNull();
  });

  it('opens a key in the keys list', () => {
    expect(keyPath('key_1')).toBe('/api-keys?q=key_1');
  });
});
