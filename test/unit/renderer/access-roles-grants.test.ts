// Pure logic of the Roles and Grants tabs: the inheritance layout, the role editor's form (its
// name rule, bounds, and the hierarchy problem before saving), the grant countdown and form.
import { describe, expect, it } from 'vitest';
import type { EffectivePermissions, PermissionsSchemaResponse } from '../../../shared/api/accounts/permissions';
import { expiryText, grantStateAt, spanWords, tickFor } from '../../../renderer/src/features/accounts/access/grants/countdown';
import { validateGrantForm, emptyGrantForm } from '../../../renderer/src/features/accounts/access/grants/grant-form';
import { baseRoleOf, eachLimited, matrixRow } from '../../../renderer/src/features/accounts/access/matrix/matrix-cells';
import { layoutRoleGraph } from '../../../renderer/src/features/accounts/access/roles/role-graph';
import {
  draftEffective,
  draftHierarchyProblem,
  roleFormOf,
  rolesOf,
  validateRoleForm,
} from '../../../renderer/src/features/accounts/access/roles/role-form';

const role = (displayName: string, permissions: string[], scopes: string[], inherits: string[], custom = false) => ({
  id: `role_${displayName.toLowerCase()}`,
  name: displayName,
  displayName,
  permissions,
  scopes,
  inherits,
  limitations: {},
  assignable: true,
  custom,
  createdAt: '2026-01-01T00:00:00Z',
});

const SCHEMA = {
  roles: {
    owner: role('Owner', ['*'], ['*'], []),
    admin: role('Admin', ['read', 'write', 'execute', 'manage_team'], ['endpoints', 'clusters', 'accounts'], ['developer']),
    developer: role('Developer', ['read', 'write', 'execute'], ['endpoints', 'clusters'], ['viewer']),
    viewer: role('Viewer', ['read'], ['endpoints', 'clusters'], []),
  },
  permissions: { read: 'Retrieve data', write: 'Create', execute: 'Run' },
  scopes: { endpoints: 'Endpoints', clusters: 'Clusters' },
} as unknown as PermissionsSchemaResponse;

describe('role graph layout', () => {
  it('puts each role one layer under the deepest role it inherits', () => {
    const layout = layoutRoleGraph([...rolesOf(SCHEMA), { name: 'ops', inherits: ['developer'] }, { name: 'auditor', inherits: [] }]);
    const layer = Object.fromEntries(layout.nodes.map((n) => [n.name, n.layer]));
    expect(layer).toMatchObject({ owner: 0, viewer: 0, developer: 1, admin: 2, ops: 2, auditor: 0 });
    expect(layout.edges).toContainEqual({ from: 'developer', to: 'ops' });
    expect(layout.layers).toBe(3);
    // No two roles of a layer share a column.
    for (let l = 0; l < layout.layers; l++) {
      const xs = layout.nodes.filter((n) => n.layer === l).map((n) => n.x);
      expect(new Set(xs).size).toBe(xs.length);
    }
  });

  it('survives a cycle (which the emulator refuses) without looping', () => {
    const layout = layoutRoleGraph([
      { name: 'a', inherits: ['b'] },
      { name: 'b', inherits: ['a'] },
    ]);
    expect(layout.nodes).toHaveLength(2);
  });
});

describe('role editor form', () => {
  const form = (patch: Partial<ReturnType<typeof roleFormOf>>) => ({ ...roleFormOf(null), displayName: 'Ops', ...patch });

  it('names the rule of a bad name, and refuses a built-in or existing name', () => {
    expect(validateRoleForm(form({ name: 'Ops', permissions: ['read'], scopes: ['clusters'] }), SCHEMA, null)).toMatchObject({
      ok: false,
      errors: { name: expect.stringContaining('starting with a letter') },
    });
    expect(validateRoleForm(form({ name: 'admin', permissions: ['read'], scopes: ['clusters'] }), SCHEMA, null)).toMatchObject({
      ok: false,
      errors: { name: 'This is the name of a built-in role' },
    });
  });

  it('shows the hierarchy problem before saving, then passes once the role declares what it inherits', () => {
    const bad = form({ name: 'ops', inherits: ['developer'], permissions: ['read'], scopes: ['endpoints', 'clusters'] });
    expect(draftHierarchyProblem(bad, SCHEMA, null)?.reason).toContain('permissions write, execute');
    expect(validateRoleForm(bad, SCHEMA, null)).toMatchObject({
      ok: false,
      errors: { inherits: expect.stringContaining('developer holds') },
    });
    const good = { ...bad, permissions: ['read', 'write', 'execute'] };
    expect(draftHierarchyProblem(good, SCHEMA, null)).toBeNull();
    const result = validateRoleForm({ ...good, maxApiKeys: '5' }, SCHEMA, null);
    expect(result).toMatchObject({ ok: true, request: { name: 'ops', inherits: ['developer'], limitations: { maxApiKeys: 5 } } });
    expect(draftEffective(good, SCHEMA, null)).toMatchObject({ inherited: ['developer'], scopes: ['endpoints', 'clusters'] });
  });

  it('bounds the limitations as the contract does', () => {
    const result = validateRoleForm(form({ name: 'ops', permissions: ['read'], scopes: ['clusters'], maxApiKeys: '51' }), SCHEMA, null);
    expect(result).toMatchObject({ ok: false, errors: { maxApiKeys: 'A whole number from 0 to 50' } });
  });
});

describe('grant countdown', () => {
  const now = Date.parse('2026-11-27T10:00:00Z');
  it('words a span in its two largest units', () => {
    expect(spanWords(2 * 3_600_000 + 14 * 60_000 + 5_000)).toBe('2 h 14 min');
    expect(spanWords(3 * 86_400_000 + 4 * 3_600_000)).toBe('3 d 4 h');
    expect(spanWords(45_000)).toBe('45 s');
  });
  it('counts down to the expiry and past it', () => {
    expect(expiryText('2026-11-27T12:14:00Z', now)).toBe('expires in 2 h 14 min');
    expect(expiryText('2026-11-27T09:55:00Z', now)).toBe('expired 5 min ago');
    expect(expiryText(null, now)).toBe('no expiry');
  });
  it('reads an active grant past its expiry as expired, and ticks each second near an expiry', () => {
    expect(grantStateAt({ status: 'active', expiresAt: '2026-11-27T09:59:59Z' }, now)).toBe('expired');
    expect(grantStateAt({ status: 'revoked', expiresAt: null }, now)).toBe('revoked');
    expect(tickFor(['2026-11-27T10:01:00Z'], now)).toBe(1_000);
    expect(tickFor([null, '2026-11-28T10:00:00Z'], now)).toBe(15_000);
  });
});

describe('grant form', () => {
  it('sends the expiry from the server clock and the resources as a list', () => {
    const now = Date.parse('2026-11-27T10:00:00Z');
    const result = validateGrantForm(
      {
        ...emptyGrantForm(),
        userId: 'usr_1',
        permissions: ['write'],
        scopes: ['clusters'],
        resources: 'cl_1, cl_2\ncl_1',
        expiresIn: '1h',
      },
      now,
    );
    expect(result).toEqual({
      ok: true,
      request: {
        userId: 'usr_1',
        body: { permissions: ['write'], scopes: ['clusters'], resources: ['cl_1', 'cl_2'], expiresAt: '2026-11-27T11:00:00.000Z' },
      },
    });
    expect(validateGrantForm(emptyGrantForm(), now)).toMatchObject({ ok: false, errors: { userId: 'Choose a member' } });
  });
});

describe('permission matrix', () => {
  const effective = (role: string, inheritedFrom: string[], permissions: string[], scopes: string[], grants: unknown[] = []) =>
    ({
      userId: 'usr_1',
      role,
      inheritedFrom,
      effectivePermissions: { permissions, scopes },
      customPermissions: grants,
    }) as unknown as EffectivePermissions;
  const roles = rolesOf(SCHEMA);

  it('marks what a grant adds to a built-in role, whole or for some resources', () => {
    const row = matrixRow(
      effective(
        'viewer',
        [],
        ['read'],
        ['endpoints', 'clusters'],
        [
          { grantId: 'grant_1', permissions: ['write'], scopes: ['clusters'], resources: null, expiresAt: null },
          { grantId: 'grant_2', permissions: ['execute'], scopes: ['endpoints'], resources: ['ep_1'], expiresAt: null },
        ],
      ),
      roles,
    );
    expect(row.base).toBe('viewer');
    expect(row.cell('read', 'clusters')).toBe('held');
    expect(row.cell('write', 'clusters')).toBe('added');
    expect(row.cell('execute', 'endpoints')).toBe('partial');
    expect(row.cell('write', 'endpoints')).toBe('none');
  });

  it('compares a custom role with the nearest built-in role it inherits: more is +, less is −', () => {
    const row = matrixRow(effective('ops', ['viewer'], ['read'], ['endpoints', 'accounts']), roles);
    expect(row.base).toBe('viewer');
    expect(row.cell('read', 'accounts')).toBe('added');
    expect(row.cell('read', 'clusters')).toBe('missing');
    expect(baseRoleOf({ role: 'lone', inheritedFrom: [] })).toBeNull();
  });

  it('runs at most the given number of reads at a time', async () => {
    let running = 0;
    let peak = 0;
    await eachLimited([1, 2, 3, 4, 5, 6, 7], 3, async () => {
      running++;
      peak = Math.max(peak, running);
      await new Promise((r) => setTimeout(r, 1));
      running--;
    });
    expect(peak).toBe(3);
  });
});
