// The inheritance rule of custom roles, as the emulator refuses with it and the console's role
// editor shows it before saving (shared/api/accounts/role-hierarchy.ts).
import { describe, expect, it } from 'vitest';
import { holdingsOf, roleHierarchyProblem, type HierarchyRole } from '../../../shared/api/accounts/role-hierarchy';

const BUILT_INS: HierarchyRole[] = [
  { name: 'owner', permissions: ['*'], scopes: ['*'], inherits: [] },
  {
    name: 'admin',
    permissions: ['read', 'write', 'execute', 'manage_team', 'manage_billing'],
    scopes: ['endpoints', 'clusters', 'accounts', 'billing'],
    inherits: ['developer'],
  },
  { name: 'developer', permissions: ['read', 'write', 'execute'], scopes: ['endpoints', 'clusters'], inherits: ['viewer'] },
  { name: 'viewer', permissions: ['read'], scopes: ['endpoints', 'clusters'], inherits: [] },
];

const role = (name: string, permissions: string[], scopes: string[], inherits: string[] = []): HierarchyRole => ({
  name,
  permissions,
  scopes,
  inherits,
});

describe('roleHierarchyProblem', () => {
  it('accepts a role declaring at least what it inherits', () => {
    expect(roleHierarchyProblem(role('ops', ['read', 'write', 'execute'], ['endpoints', 'clusters'], ['developer']), BUILT_INS)).toBeNull();
    expect(roleHierarchyProblem(role('reader', ['read'], ['endpoints']), BUILT_INS)).toBeNull();
  });

  it('refuses a parent holding more than the role declares, naming what is missing', () => {
    const problem = roleHierarchyProblem(role('ops', ['read'], ['endpoints', 'clusters'], ['developer']), BUILT_INS);
    expect(problem).toMatchObject({ parentRole: 'developer', childRole: 'ops' });
    expect(problem!.reason).toContain('permissions write, execute');
  });

  it('refuses inheriting the owner, itself, or an unknown role', () => {
    expect(roleHierarchyProblem(role('boss', ['*'], ['*'], ['owner']), BUILT_INS)?.reason).toMatch(/owner role/);
    expect(roleHierarchyProblem(role('loop', ['read'], ['clusters'], ['loop']), BUILT_INS)?.reason).toMatch(/itself/);
    expect(roleHierarchyProblem(role('lost', ['read'], ['clusters'], ['nobody']), BUILT_INS)?.reason).toMatch(/no role/);
  });

  it('refuses a cycle through another custom role', () => {
    const a = role('alpha', ['read'], ['clusters', 'endpoints'], ['beta']);
    const b = role('beta', ['read'], ['clusters', 'endpoints'], []);
    const editedB = { ...b, inherits: ['alpha'] };
    expect(roleHierarchyProblem(editedB, [...BUILT_INS, a, b])?.reason).toMatch(/a cycle/);
  });

  it('checks an edit against the roles inheriting the edited one', () => {
    const parent = role('base', ['read'], ['clusters']);
    const child = role('child', ['read'], ['clusters'], ['base']);
    const widened = { ...parent, permissions: ['read', 'write'] };
    expect(roleHierarchyProblem(widened, [...BUILT_INS, parent, child])).toMatchObject({ parentRole: 'base', childRole: 'child' });
  });

  it('holdingsOf unions the role with what it inherits', () => {
    const lookup = (n: string) => BUILT_INS.find((r) => r.name === n);
    expect(holdingsOf(lookup('admin')!, lookup).permissions).toEqual(['read', 'write', 'execute', 'manage_team', 'manage_billing']);
  });
});
