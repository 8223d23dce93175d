// Primitive vocabularies of 01-accounts.md, declared once. Every enum used by the
// emulator, the gateway, the bridge and the forms is derived from these.
import { z } from 'zod';

export const Timestamp = z.iso.datetime({ offset: true });
export type Timestamp = z.infer<typeof Timestamp>;

/** 01-accounts.md, API key: permissions of a key. */
export const KeyPermission = z.enum(['read', 'write', 'execute']);
export type KeyPermission = z.infer<typeof KeyPermission>;

/** 01-accounts.md, Authentication 5: the account-management scope list. */
export const AccountKeyScope = z.enum(['endpoints', 'clusters', 'billing', 'accounts']);
export type AccountKeyScope = z.infer<typeof AccountKeyScope>;

/** 01-accounts.md, Authentication 5: the wider list accepted by the /v2/auth family. */
export const AuthKeyScope = z.enum(['accounts', 'clusters', 'endpoints', 'training', 'billing', 'ai', 'webhooks']);
export type AuthKeyScope = z.infer<typeof AuthKeyScope>;

export const RoleKey = z.enum(['owner', 'admin', 'developer', 'viewer']);
export type RoleKey = z.infer<typeof RoleKey>;

/** A custom role's name (its id is `role_custom_<name>`): lower case, never a built-in's key. */
export const CustomRoleName = z
  .string()
  .regex(/^[a-z][a-z0-9_]{1,39}$/, 'lower-case letters, digits and underscores, 2 to 40, starting with a letter')
  .refine((n) => !RoleKey.options.includes(n as RoleKey), 'is the name of a built-in role');

/**
 * The role a member holds: a built-in key, or the name of a custom role (docs/decisions.md,
 * Permissions and roles: custom roles are assignable like the built-ins).
 */
export const MemberRole = z.union([RoleKey, CustomRoleName]);
export type MemberRole = z.infer<typeof MemberRole>;

export const Plan = z.enum(['free', 'pro', 'enterprise']);
export type Plan = z.infer<typeof Plan>;

/** Usage periods of key usage (01-accounts.md, API keys). */
export const UsagePeriod = z.enum(['1d', '7d', '30d', '90d']);
export type UsagePeriod = z.infer<typeof UsagePeriod>;

export const Granularity = z.enum(['hour', 'day', 'week']);
export type Granularity = z.infer<typeof Granularity>;

/**
 * The rate-limit groups: which row of 01-accounts.md, Limits (endpoint-specific limits) an
 * operation counts against. Not the API areas (accounts, clusters, endpoints, training), though
 * some share their names: the accounts area serves both `accounts` and `auth`, and `ai`, `usage`
 * and `emulator` (the emulator's admin routes) belong to no area. Also each operation's tag in
 * the OpenAPI document, and the `<group>:<METHOD>` of X-RateLimit-Resource.
 */
export const LimitGroup = z.enum(['accounts', 'auth', 'clusters', 'endpoints', 'training', 'ai', 'usage', 'emulator']);
export type LimitGroup = z.infer<typeof LimitGroup>;

export const HttpMethod = z.enum(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);
export type HttpMethod = z.infer<typeof HttpMethod>;

/**
 * What a list query parameter takes on the wire: one value, several comma-separated, or the
 * parameter repeated; every value one of `values` (and, with `empty`, an empty parameter for
 * none). The OpenAPI document shows the values (issue 22: a client generated from it knows
 * them), the comma form as a pattern of them. Read it with `splitList`.
 */
export function listInput<const T extends readonly [string, ...string[]]>(values: T, error: string, empty = false) {
  const escaped = values.map((v) => v.replace(/[.*+?^$()|[\]\\{}]/g, '\\$&'));
  const one = `(?:${escaped.join('|')})`;
  const list = `\\s*${one}\\s*(?:,\\s*${one}\\s*)*`;
  const item = z.union([z.enum(values), z.string().regex(new RegExp(empty ? `^(?:${list})?$` : `^${list}$`))], { error });
  return z.union([item, z.array(item)], { error });
}

/** The values of a list parameter (`listInput`), in the order given. */
export const splitList = (v: string | string[]) =>
  (Array.isArray(v) ? v : [v])
    .flatMap((s) => s.split(','))
    .map((s) => s.trim())
    .filter((s) => s !== '');

/** One value or several, repeated (`level=warn&level=error`) or comma-separated (`level=warn,error`). */
export const oneOrMany = <const T extends readonly [string, ...string[]]>(values: T, what: string) =>
  listInput(values, `one or more of ${values.join(', ')}`)
    .transform(splitList)
    .pipe(
      z
        .array(z.enum(values), { error: `one or more of ${values.join(', ')}` })
        .min(1, what)
        .max(values.length * 2),
    );
