// The built-in roles and what a role holds with the roles it inherits (issue 19).
import { describe, expect, it } from 'vitest';
import { BUILT_IN_ROLES, holds, inheritedRoles, unionOf } from '../../../../main/emulator/areas/accounts/permissions/roles';

describe('built-in roles', () => {
  it('lists inherited roles transitively, nearest first, each with the role inheriting it', () => {
    expect(inheritedRoles(BUILT_IN_ROLES.admin).map(({ role, via }) => [role.name, via])).toEqual([
      ['developer', 'admin'],
      ['viewer', 'developer'],
    ]);
    expect(inheritedRoles(BUILT_IN_ROLES.viewer)).toEqual([]);
    expect(inheritedRoles(BUILT_IN_ROLES.owner)).toEqual([]);
  });

  it('holds a permission only with its scope, `*` standing for all', () => {
    expect(holds(BUILT_IN_ROLES.owner, 'manage_security', 'security')).toBe(true);
    expect(holds(BUILT_IN_ROLES.developer, 'write', 'endpoints')).toBe(true);
    expect(holds(BUILT_IN_ROLES.developer, 'write', 'billing')).toBe(false);
    expect(holds(BUILT_IN_ROLES.viewer, 'write', 'endpoints')).toBe(false);
  });

  it('unites names in first-seen order, `*` alone when any list holds it', () => {
    expect(
      unionOf([
        ['read', 'write'],
        ['read', 'execute'],
      ]),
    ).toEqual(['read', 'write', 'execute']);
    expect(unionOf([['read'], ['*']])).toEqual(['*']);
  });
});
