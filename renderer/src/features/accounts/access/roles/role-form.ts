// The custom-role editor's form: its fields as typed, the request they make, and the live result
// of the draft — what the role would hold with what it inherits, and the inheritance problem the
// emulator would answer (INVALID_ROLE_HIERARCHY, the contract's one rule), before saving.
import { CustomRoleName } from '../../../../../../shared/api/common';
import { holdingsOf, roleHierarchyProblem, type HierarchyProblem } from '../../../../../../shared/api/accounts/role-hierarchy';
import type { PermissionsSchemaResponse, RoleLimitations } from '../../../../../../shared/api/accounts/permissions';
import type { CreateRoleRequest, UpdateRoleRequest } from '../../../../../../shared/api/accounts/roles';
import type { FormResult } from '../../../../components/form/form-result';

export type SchemaRole = PermissionsSchemaResponse['roles'][string];

/**
 * The model's roles, each named by its key: the schema's `name` is the document's display name
 * ("Developer"), the key the name members, `inherits` and the what-if use ("developer").
 */
export function rolesOf(schema: PermissionsSchemaResponse): SchemaRole[] {
  return Object.entries(schema.roles).map(([name, r]) => ({ ...r, name }));
}

export const LIMITATIONS = [
  { key: 'maxEndpoints', label: 'Max endpoints', max: 10_000 },
  { key: 'maxClusters', label: 'Max clusters', max: 10_000 },
  { key: 'maxComputeHours', label: 'Max compute hours', max: 1_000_000 },
  { key: 'maxApiKeys', label: 'Max API keys', max: 50 },
] as const satisfies ReadonlyArray<{ key: keyof RoleLimitations; label: string; max: number }>;

type LimitKey = (typeof LIMITATIONS)[number]['key'];

export interface RoleForm {
  name: string;
  displayName: string;
  description: string;
  inherits: string[];
  permissions: string[];
  scopes: string[];
  maxEndpoints: string;
  maxClusters: string;
  maxComputeHours: string;
  maxApiKeys: string;
}

export const NAME_RULE = 'Lower-case letters, digits and _, 2 to 40, starting with a letter';

export function roleFormOf(role: SchemaRole | null): RoleForm {
  const limit = (k: LimitKey) => (role?.limitations[k] === undefined ? '' : String(role.limitations[k]));
  return {
    name: role?.name ?? '',
    displayName: role?.displayName ?? '',
    description: role?.description ?? '',
    inherits: [...(role?.inherits ?? [])],
    permissions: [...(role?.permissions ?? [])],
    scopes: [...(role?.scopes ?? [])],
    maxEndpoints: limit('maxEndpoints'),
    maxClusters: limit('maxClusters'),
    maxComputeHours: limit('maxComputeHours'),
    maxApiKeys: limit('maxApiKeys'),
  };
}

/** The draft as a role the hierarchy rule reads. */
function draftRole(form: RoleForm) {
  return { name: form.name.trim() || 'this role', permissions: form.permissions, scopes: form.scopes, inherits: form.inherits };
}

/** Every role of the model but the one being edited (the rule puts the draft in its place). */
function otherRoles(schema: PermissionsSchemaResponse, editing: string | null) {
  return rolesOf(schema).filter((r) => r.name !== editing);
}

/** The draft's inheritance problem, worded as the emulator would answer it; null when none. */
export function draftHierarchyProblem(form: RoleForm, schema: PermissionsSchemaResponse, editing: string | null): HierarchyProblem | null {
  return roleHierarchyProblem(draftRole(form), otherRoles(schema, editing));
}

/** What the draft would hold with what it inherits, and its limitations (its own win over inherited ones). */
export function draftEffective(form: RoleForm, schema: PermissionsSchemaResponse, editing: string | null) {
  const roles = [...otherRoles(schema, editing), draftRole(form)];
  const lookup = (name: string) => roles.find((r) => r.name === name);
  const held = holdingsOf(draftRole(form), lookup);
  const inherited = form.inherits.filter((n) => lookup(n));
  return { ...held, inherited };
}

type Fields = CreateRoleRequest & { limitations: RoleLimitations };

export function validateRoleForm(
  form: RoleForm,
  schema: PermissionsSchemaResponse | null,
  editing: string | null,
): FormResult<CreateRoleRequest | (UpdateRoleRequest & { name: string })> {
  const errors: Record<string, string> = {};
  if (!editing) {
    const name = CustomRoleName.safeParse(form.name.trim());
    if (!form.name.trim()) errors.name = 'Enter a name';
    else if (!name.success)
      errors.name = name.error.issues[0]?.message.includes('built-in') ? 'This is the name of a built-in role' : NAME_RULE;
    else if (schema?.roles[form.name.trim()]) errors.name = 'A role with this name exists';
  }
  if (!form.displayName.trim()) errors.displayName = 'Enter a display name';
  else if (form.displayName.trim().length > 100) errors.displayName = 'At most 100 characters';
  if (form.description.length > 500) errors.description = 'At most 500 characters';
  if (!form.permissions.length) errors.permissions = 'Choose at least one permission';
  if (!form.scopes.length) errors.scopes = 'Choose at least one scope';
  const limitations: RoleLimitations = {};
  for (const { key, max } of LIMITATIONS) {
    const text = form[key].trim();
    if (!text) continue;
    const n = Number(text);
    if (!/^\d+$/.test(text) || !Number.isSafeInteger(n) || n > max) errors[key] = `A whole number from 0 to ${max.toLocaleString('en')}`;
    else limitations[key] = n;
  }
  if (schema && !errors.permissions && !errors.scopes) {
    const problem = draftHierarchyProblem(form, schema, editing);
    if (problem) errors.inherits = problem.reason;
  }
  if (Object.keys(errors).length) return { ok: false, errors };
  const request: Fields = {
    name: editing ?? form.name.trim(),
    displayName: form.displayName.trim(),
    ...(form.description.trim() ? { description: form.description.trim() } : {}),
    permissions: form.permissions,
    scopes: form.scopes,
    limitations,
    inherits: form.inherits,
  };
  return { ok: true, request };
}
