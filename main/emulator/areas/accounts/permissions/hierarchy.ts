// Role inheritance rules for custom roles: the rule is the contract's (shared/api/accounts/
// role-hierarchy.ts), shared with the console's role editor so it shows the same problem before
// saving; here it refuses with 422 INVALID_ROLE_HIERARCHY (docs/decisions.md).
import { roleHierarchyProblem } from '../../../../../shared/api/accounts/role-hierarchy';
import { invalidRoleHierarchy } from '../../../core/errors';
import type { StoredRole } from '../stored-schema';
import { BUILT_IN_ROLES, type RoleDef } from './roles';

/** Throws 422 INVALID_ROLE_HIERARCHY when `candidate` (a new or edited custom role) breaks a rule. */
export function checkHierarchy(candidate: RoleDef, custom: readonly StoredRole[]): void {
  const problem = roleHierarchyProblem<Pick<RoleDef, 'name' | 'permissions' | 'scopes' | 'inherits'>>(candidate, [
    ...Object.values(BUILT_IN_ROLES),
    ...custom,
  ]);
  if (problem) throw invalidRoleHierarchy(problem.parentRole, problem.childRole, problem.reason);
}
