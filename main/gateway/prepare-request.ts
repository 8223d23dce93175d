// Turns a renderer's (op, input) into what goes on the wire, validating each part with the
// operation's own schemas first: a malformed call never leaves the process.
import type { z } from 'zod';
import { buildPath, type Operation } from '../../shared/api/operation';
import { operations } from '../../shared/api/operations';
import { invalidRequest } from '../../shared/ipc/dispatch';

export interface PreparedRequest {
  op: Operation;
  /** Path with its parameters filled in and encoded. */
  path: string;
  /** Query string without the `?`, or '' when there is none. */
  search: string;
  /** Parsed body, undefined when the operation takes none. */
  body: unknown;
}

type Part = 'params' | 'query' | 'body';
type Issue = { path: string; message: string; code: string };

const NO_ISSUES: Issue[] = [];

function inputRecord(input: unknown): Record<string, unknown> {
  return typeof input === 'object' && input !== null && !Array.isArray(input) ? (input as Record<string, unknown>) : {};
}

function parsePart(schema: z.ZodType | undefined, part: Part, value: unknown, issues: Issue[]): unknown {
  if (!schema) {
    if (value !== undefined) issues.push({ path: part, message: `This operation takes no ${part}`, code: 'unrecognized_keys' });
    return undefined;
  }
  // A missing query means "all defaults"; missing params or body are errors the schema reports.
  const parsed = schema.safeParse(value === undefined && part === 'query' ? {} : value);
  if (parsed.success) return parsed.data;
  for (const i of parsed.error.issues) issues.push({ path: [part, ...i.path.map(String)].join('.'), message: i.message, code: i.code });
  return undefined;
}

function toSearch(query: unknown): string {
  if (typeof query !== 'object' || query === null) return '';
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) for (const v of value) search.append(name, String(v));
    else search.append(name, String(value));
  }
  return search.toString();
}

/**
 * Throws a BridgeError (source invalid_request) listing every issue found. `table` is the
 * platform API's operations unless the caller names another (the emulator's admin routes).
 */
export function prepareRequest(opId: string, input: unknown, table: Readonly<Record<string, Operation>> = operations): PreparedRequest {
  if (!Object.prototype.hasOwnProperty.call(table, opId)) throw invalidRequest(`Unknown operation ${JSON.stringify(opId.slice(0, 100))}`);
  const op: Operation = table[opId]!;
  const given = inputRecord(input);
  const issues: Issue[] = NO_ISSUES.slice();
  const params = parsePart(op.params, 'params', given.params, issues);
  const query = parsePart(op.query, 'query', given.query, issues);
  const body = parsePart(op.body, 'body', given.body, issues);
  if (issues.length > 0) {
    const first = issues[0];
    throw invalidRequest(`Invalid input for ${op.id}: ${first ? `${first.path}: ${first.message}` : 'see details'}`, { issues });
  }
  return { op, path: buildPath(op.path, params as Record<string, unknown> | undefined), search: toSearch(query), body };
}
