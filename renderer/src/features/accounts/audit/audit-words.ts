// An audit event in words: what happened (its action), to whom or what, and its `details` as
// labelled facts — a refused request's route, key and what it lacked first, in that order,
// then whatever else the event carries, readable rather than as JSON.
import type { AuditEvent } from '../../../../../shared/api/accounts/audit';

/** Actions the API writes, in the console's words; others are spelled out from their name. */
const ACTION_WORDS: Record<string, string> = {
  role_updated: 'Role updated',
  role_created: 'Role created',
  role_deleted: 'Role deleted',
  role_assigned: 'Role assigned',
  role_changed: 'Role changed',
  permission_granted: 'Permissions granted',
  permission_revoked: 'Grant revoked',
  grant_revoked: 'Grant revoked',
  grant_expired: 'Grant expired',
  resource_shared: 'Resource shared',
  share_revoked: 'Share revoked',
  member_removed: 'Member removed',
  member_suspended: 'Member suspended',
  member_reactivated: 'Member reactivated',
  member_invited: 'Member invited',
};

/** `manage_team` → `manage team`. */
const spaced = (name: string) => name.replace(/_/g, ' ').trim();
const capitalised = (text: string) => (text ? text[0]!.toUpperCase() + text.slice(1) : text);

/** "Role updated"; a refused attempt (`write_attempt`) reads "Write refused". */
export function actionWords(action: string): string {
  const known = ACTION_WORDS[action];
  if (known) return known;
  const attempt = /^(.+)_attempt$/.exec(action);
  if (attempt) return `${capitalised(spaced(attempt[1]!))} refused`;
  return capitalised(spaced(action)) || 'Event';
}

/** A person of an event by name, else by id ("someone" for an event without one, such as an expiry). */
export function personWords(person: { userId: string | null; name: string | null } | null): string {
  return person?.name ?? person?.userId ?? 'someone';
}

/**
 * "cluster gpu-a (cluster_abc)", or the target member. Empty when the event names neither.
 * @internal Exported for its tests only.
 */
export function subjectWords(e: Pick<AuditEvent, 'target' | 'resource'>): string {
  if (e.target) return personWords(e.target);
  if (e.resource) {
    const kind = spaced(e.resource.type);
    return e.resource.name ? `${kind} ${e.resource.name} (${e.resource.id})` : `${kind} ${e.resource.id}`;
  }
  return '';
}

const text = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);

/**
 * What a refusal lacked, from its `details.missing` (the error's own members): "write on accounts",
 * "the admin role (has viewer)", "accounts:write"; null when it says nothing.
 * @internal Exported for its tests only.
 */
export function missingWords(missing: unknown): string | null {
  if (typeof missing !== 'object' || missing === null) return null;
  const m = missing as Record<string, unknown>;
  const parts: string[] = [];
  const permission = text(m.requiredPermission) ?? text(m.attemptedPermission);
  const scope = text(m.requiredScope);
  if (permission) parts.push(scope ? `${spaced(permission)} on ${scope}` : spaced(permission));
  else if (scope) parts.push(`the ${scope} scope`);
  const colon = text(m.required_permission);
  if (colon && !permission) parts.push(colon);
  const role = text(m.requiredRole);
  const has = text(m.currentRole) ?? text(m.userRole);
  if (role) parts.push(`the ${role} role${has ? ` (has ${has})` : ''}`);
  return parts.length > 0 ? parts.join('; ') : null;
}

/**
 * One line for the table and the CSV: "Write refused: POST /v2/accounts/api-keys — needs write on
 * accounts", "Role updated: Ada Lovelace".
 */
export function eventSentence(e: AuditEvent): string {
  const d = e.details;
  if (e.type === 'access_denied') {
    const route = text(d.route) ?? text(d.path);
    const needs = missingWords(d.missing);
    return `${actionWords(e.action)}${route ? `: ${route}` : ''}${needs ? ` — needs ${needs}` : ''}`;
  }
  const subject = subjectWords(e);
  return subject ? `${actionWords(e.action)}: ${subject}` : actionWords(e.action);
}

export interface Fact {
  label: string;
  value: string;
  /** An identifier or a path: set in the monospace font. */
  mono?: boolean;
}

/**
 * `requiredPermission` → "Required permission", `retry_after` → "Retry after".
 * @internal Exported for its tests only.
 */
export function labelOf(key: string): string {
  return capitalised(
    key
      .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
      .replace(/_/g, ' ')
      .toLowerCase(),
  );
}

/**
 * A value in words: lists joined, nested objects as `a: 1, b: 2`, absent as "—".
 * @internal Exported for its tests only.
 */
export function valueWords(v: unknown): string {
  if (v === null || v === undefined || v === '') return '—';
  if (Array.isArray(v)) return v.length === 0 ? 'none' : v.map(valueWords).join(', ');
  if (typeof v === 'object')
    return (
      Object.entries(v as Record<string, unknown>)
        .map(([k, x]) => `${labelOf(k).toLowerCase()}: ${valueWords(x)}`)
        .join(', ') || '—'
    );
  if (typeof v === 'boolean') return v ? 'yes' : 'no';
  return String(v);
}

/** The members of a refusal's details shown first, in this order, with their labels. */
const DENIED_FIRST: ReadonlyArray<[key: string, label: string, mono: boolean]> = [
  ['route', 'Route', true],
  ['path', 'Path', true],
  ['keyId', 'Key', true],
  ['key', 'Key', true],
  ['error', 'Error', true],
  ['scope', 'Scope', false],
];

/** The event's `details` as facts: for a refusal, its route, key and what was missing first. */
export function detailFacts(e: AuditEvent): Fact[] {
  const facts: Fact[] = [];
  const rest: Record<string, unknown> = { ...e.details };
  if (e.type === 'access_denied') {
    for (const [key, label, mono] of DENIED_FIRST) {
      if (rest[key] === undefined) continue;
      facts.push({ label, value: valueWords(rest[key]), mono });
      delete rest[key];
    }
    const route = text(e.details.route);
    // The route says the method, and the path too when no id was in it.
    if (route) {
      delete rest.method;
      if (text(e.details.path) && route.endsWith(` ${text(e.details.path)}`))
        facts.splice(
          facts.findIndex((f) => f.label === 'Path'),
          1,
        );
    }
    if (rest.missing !== undefined) {
      facts.push({ label: 'Missing', value: missingWords(rest.missing) ?? valueWords(rest.missing) });
      delete rest.missing;
    }
  }
  for (const [key, value] of Object.entries(rest)) facts.push({ label: labelOf(key), value: valueWords(value) });
  return facts;
}
