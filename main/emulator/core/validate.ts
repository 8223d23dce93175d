// Request validation from the operation table: a failure on a field listed in
// `op.fieldErrors` is reported with that code, anything else as VALIDATION_ERROR.
import type { z } from 'zod';
import type { Operation } from '../../../shared/api/operation';
import type { IssueMapper } from './area';
import {
  ApiError,
  invalidEmail,
  invalidPeriod,
  invalidPermissions,
  invitationNotFound,
  keyNotFound,
  memberNotFound,
  validationError,
} from './errors';

export interface ParsedInput {
  params: unknown;
  query: unknown;
  body: unknown;
}

interface Def {
  type?: string;
  innerType?: z.ZodType;
  element?: z.ZodType;
  entries?: Record<string, string>;
  shape?: Record<string, z.ZodType>;
}
const defOf = (s: z.ZodType | undefined): Def => (s as unknown as { _zod?: { def?: Def } } | undefined)?._zod?.def ?? {};

/** The allowed values of an enum field, looking through optional, default and array. */
function enumOptions(schema: z.ZodType | undefined): string[] {
  let d = defOf(schema);
  for (let i = 0; i < 8 && d.type !== 'enum'; i++) {
    const next = d.innerType ?? d.element;
    if (!next) return [];
    d = defOf(next);
  }
  return d.entries ? Object.values(d.entries) : [];
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function toApiError(
  op: Operation,
  where: 'params' | 'query' | 'body',
  schema: z.ZodType,
  value: unknown,
  error: z.ZodError,
  mapIssue: IssueMapper | undefined,
): ApiError {
  const issue = error.issues[0]!;
  const mapped = mapIssue?.(where, issue, value);
  if (mapped) return mapped;
  const head = issue.path[0];
  if (head === undefined) {
    if (issue.code === 'unrecognized_keys')
      return validationError(issue.keys[0] ?? where, `unknown field (allowed: ${Object.keys(defOf(schema).shape ?? {}).join(', ')})`);
    return validationError(where, where === 'body' && value === undefined ? 'a JSON body is required' : issue.message);
  }
  const field = String(head);
  const received = isRecord(value) ? value[field] : undefined;
  const fieldSchema = defOf(schema).shape?.[field];
  switch (op.fieldErrors?.[field]) {
    case 'INVALID_PERMISSIONS': {
      const valid = enumOptions(fieldSchema);
      const given = Array.isArray(received) ? received : [received];
      return invalidPermissions({ field, invalidPermissions: given.filter((v) => !valid.includes(v as string)), validPermissions: valid });
    }
    case 'INVALID_PERIOD':
      return invalidPeriod(enumOptions(fieldSchema), received ?? null);
    case 'KEY_NOT_FOUND':
      return keyNotFound(received);
    case 'MEMBER_NOT_FOUND':
      return memberNotFound(received);
    case 'INVITATION_NOT_FOUND':
      return invitationNotFound(received);
    case 'INVALID_EMAIL':
      return invalidEmail(field, received ?? null);
    default:
      return validationError(issue.path.map(String).join('.'), issue.message);
  }
}

function check(
  op: Operation,
  where: 'params' | 'query' | 'body',
  schema: z.ZodType | undefined,
  value: unknown,
  mapIssue: IssueMapper | undefined,
): unknown {
  if (!schema) return undefined;
  const r = schema.safeParse(value);
  if (r.success) return r.data;
  // Cluster area: no body means every default (02-clusters.md, Stop/Restart tables), when the schema allows {}.
  if (where === 'body' && value === undefined && op.envelope === 'cluster') {
    const empty = schema.safeParse({});
    if (empty.success) return empty.data;
  }
  throw toApiError(op, where, schema, value, r.error, mapIssue);
}

/** Validates a request's parts; `mapIssue` gives the area's own codes for some failures. */
export function parseInput(op: Operation, raw: { params: unknown; query: unknown; body: unknown }, mapIssue?: IssueMapper): ParsedInput {
  return {
    params: check(op, 'params', op.params, raw.params, mapIssue),
    query: check(op, 'query', op.query, raw.query, mapIssue),
    body: check(op, 'body', op.body, raw.body, mapIssue),
  };
}
