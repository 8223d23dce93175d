// The access decision with custom roles (issue 19), over a world built by hand: a member holding
// a custom role is decided by it and by the roles it inherits (custom and built-in), in order,
// with grants and shares after; and the hierarchy rules a custom role must keep.
import { describe, expect, it } from 'vitest';
import { decide, type AccessWorld } from '../../../../main/emulator/areas/accounts/permissions/decide';
import { checkHierarchy } from '../../../../main/emulator/areas/accounts/permissions/hierarchy';
import { roleLookup } from '../../../../main/emulator/areas/accounts/permissions/roles';
import { roleDefOf } from '../../../../main/emulator/areas/accounts/permissions/views';
import type { StoredGrant, StoredMember, StoredRole } from '../../../../main/emulator/areas/accounts/stored-schema';
import { ApiError } from '../../../../main/emulator/core/errors';

const NOW = Date.parse('2026-06-01T12:00:00Z');

const custom = (name: string, permissions: string[], scopes: string[], inherits: string[] = []): StoredRole => ({
  id: `role_custom_${name}`,
  name,
  displayName: name,
  description: null,
  permissions,
  scopes,
  limitations: {},
  inherits,
  assignable: true,
  createdAt: NOW,
  createdBy: 'usr_owner',
  updatedAt: NOW,
});

const member = (role: string, status: StoredMember['status'] = 'active'): StoredMember => ({
  id: 'usr_m1',
  email: 'm1@example.com',
  name: 'M',
  username: 'm',
  role,
  status,
  joinedAt: NOW - 1000,
  lastActive: null,
  invitedAt: null,
  invitedBy: null,
  department: null,
  title: null,
  removedAt: null,
});

const roles = [
  custom('runner', ['read', 'execute'], ['endpoints', 'clusters'], ['viewer']),
  custom('lead', ['read', 'write', 'execute'], ['endpoints', 'clusters'], ['runner']),
];

function world(grants: StoredGrant[] = []): AccessWorld {
  return { role: roleLookup(roles), grantsOf: () => grants, sharesOf: () => [] };
}

const ask = (w: AccessWorld, m: StoredMember, permission: string, scope: string, resourceIds: string[] = []) =>
  decide(w, m, { permission, scope, resourceIds }, NOW, true);

describe('decide with custom roles', () => {
  it('allows through the custom role itself, with source role', () => {
    const d = ask(world(), member('runner'), 'execute', 'endpoints');
    expect(d).toMatchObject({ allowed: true, source: 'role' });
    expect(d.chain).toEqual([expect.objectContaining({ step: 'role', role: 'runner', outcome: 'matched' })]);
  });

  it('walks the inherited custom and built-in roles nearest first', () => {
    const d = ask(world(), member('lead'), 'manage_team', 'accounts');
    expect(d.allowed).toBe(false);
    expect(d.chain!.map((s) => (s.step === 'role' || s.step === 'inherited_role' ? `${s.step}:${s.role}` : s.step))).toEqual([
      'role:lead',
      'inherited_role:runner',
      'inherited_role:viewer',
      'grant',
      'share',
    ]);
  });

  it('falls through a custom role to a matching grant, and refuses an inactive member first', () => {
    const grant: StoredGrant = {
      id: 'grant_1',
      userId: 'usr_m1',
      permissions: ['manage_team'],
      scopes: ['accounts'],
      resources: null,
      expiresAt: NOW + 1000,
      reason: null,
      grantedBy: 'usr_owner',
      grantedAt: NOW - 10,
      status: 'active',
      revokedBy: null,
      revokedAt: null,
    };
    expect(ask(world([grant]), member('runner'), 'manage_team', 'accounts')).toMatchObject({ allowed: true, source: 'grant' });
    const later = decide(
      world([grant]),
      member('runner'),
      { permission: 'manage_team', scope: 'accounts', resourceIds: [] },
      NOW + 1000,
      true,
    );
    expect(later.allowed).toBe(false);
    expect(later.chain!.find((s) => s.step === 'grant')).toMatchObject({ outcome: 'expired' });
    expect(ask(world([grant]), member('runner', 'suspended'), 'read', 'endpoints').chain).toEqual([
      expect.objectContaining({ step: 'member', outcome: 'member_inactive' }),
    ]);
  });
});

describe('custom role hierarchy', () => {
  const reasonOf = (f: () => void) => {
    try {
      f();
    } catch (e) {
      if (e instanceof ApiError) return e.details;
    }
    return null;
  };

  it('accepts a role holding at least what it inherits', () => {
    expect(
      reasonOf(() => checkHierarchy(roleDefOf(custom('more', ['read', 'write', 'execute'], ['endpoints', 'clusters'], ['lead'])), roles)),
    ).toBeNull();
  });

  it('refuses a parent holding more, the owner, an unknown parent and a cycle', () => {
    expect(reasonOf(() => checkHierarchy(roleDefOf(custom('less', ['read'], ['endpoints', 'clusters'], ['runner'])), roles))).toMatchObject(
      {
        parentRole: 'runner',
        childRole: 'less',
      },
    );
    expect(reasonOf(() => checkHierarchy(roleDefOf(custom('boss', ['read'], ['endpoints'], ['owner'])), roles))).toMatchObject({
      parentRole: 'owner',
    });
    expect(reasonOf(() => checkHierarchy(roleDefOf(custom('orphan', ['read'], ['endpoints'], ['ghost'])), roles))).toMatchObject({
      parentRole: 'ghost',
    });
    const cyclic = custom('runner', ['read', 'write', 'execute'], ['endpoints', 'clusters'], ['lead']);
    expect(reasonOf(() => checkHierarchy(roleDefOf(cyclic), roles))).toMatchObject({ parentRole: 'lead', childRole: 'runner' });
  });

  it('refuses an edit lifting a role above a role that inherits it', () => {
    const lifted = custom('runner', ['read', 'execute', 'manage_team'], ['endpoints', 'clusters'], ['viewer']);
    expect(reasonOf(() => checkHierarchy(roleDefOf(lifted), roles))).toMatchObject({ parentRole: 'runner', childRole: 'lead' });
  });
});
