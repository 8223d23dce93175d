// The contract every emulator reply is held to, from the operation table alone: a success
// parses with the operation's response schema; an error comes in the envelope the operation
// declares (op.envelope) with a code it declares or every operation may answer, at that
// code's status (shared/api/error-codes.ts). The harnesses run it on every call they make.
import {
  AccountErrorCode,
  AccountErrorBody,
  AccountErrorBodyWithRequestId,
  ClusterErrorBody,
  type Envelope,
} from '../../../shared/api/errors';
import { ERROR_STATUS, errorShapesOf, isApiErrorCode, type ApiErrorCode, type ErrorShape } from '../../../shared/api/error-codes';
import { matchOperation, operationsAtPath, type DeclaredOperation } from '../../../shared/api/operation';
import { RootDocument } from '../../../main/emulator/admin/root';
import { emulatorRoutes } from './route-table';

export interface ContractReply {
  status: number;
  headers: Headers;
  body: unknown;
}

export interface Checked {
  /** The operation the request reached; null for a path or method no operation has. */
  op: DeclaredOperation | null;
  /** The error code of an error reply. */
  code: string | null;
}

export class ContractError extends Error {
  override name = 'ContractError';
}

const table = emulatorRoutes;

/** The first two segments of a path, e.g. `/v1/clusters`: the area a path falls in. */
const areaOf = (path: string) => path.split('/').slice(0, 3).join('/');

/**
 * The envelope of a request no operation takes (404, 405): the one of the operations at this
 * path (other methods), else of the operations of its area, else the account one.
 */
function envelopeAt(path: string): Envelope {
  const here = operationsAtPath(table, path)[0] ?? table.find((op) => areaOf(op.path) === areaOf(path));
  return here?.envelope ?? 'account';
}

function decodable(path: string): boolean {
  try {
    decodeURIComponent(path);
    return true;
  } catch {
    return false;
  }
}

const SHAPE_SCHEMA = { account: AccountErrorBody, accountWithRequestId: AccountErrorBodyWithRequestId, cluster: ClusterErrorBody } as const;
const AUTH_STATUSES = new Set([401, 403, 429]);

interface Parsed {
  shape: ErrorShape;
  code: string;
  details: Record<string, unknown> | undefined;
  requestId: string | undefined;
  numericCode: unknown;
}

/** The body read in each shape it parses in. */
function readError(body: unknown, shapes: readonly ErrorShape[]): Parsed[] {
  const out: Parsed[] = [];
  for (const shape of shapes) {
    const r = SHAPE_SCHEMA[shape].safeParse(body);
    if (!r.success) continue;
    const b = r.data as Record<string, unknown> & { error: unknown; details?: Record<string, unknown>; meta?: { request_id?: string } };
    if (shape === 'cluster') {
      const e = b.error as { code: string; details?: Record<string, unknown> };
      out.push({ shape, code: e.code, details: e.details, requestId: b.meta?.request_id, numericCode: undefined });
    } else out.push({ shape, code: b.error as string, details: b.details, requestId: b.meta?.request_id, numericCode: b.code });
  }
  return out;
}

/** Checks one reply (to a full URL or a path with its query) against the operation table; throws a ContractError naming what is wrong. */
export function checkContract(method: string, url: string, reply: ContractReply): Checked {
  // A bare path is resolved as a request to it would be (`..` removed); `//x` stays a path.
  const path = new URL(/^https?:\/\//.test(url) ? url : `http://contract.local${url}`).pathname;
  const op = matchOperation(table, method, path);
  const fail = (why: string): never => {
    throw new ContractError(
      `${method} ${url.slice(0, 200)} → ${reply.status} (${op?.id ?? 'no operation'}): ${why}\nbody: ${JSON.stringify(reply.body)?.slice(0, 600)}`,
    );
  };

  // Every response carries its request id and the rate-limit headers (01-accounts.md, Limits).
  const requestId = reply.headers.get('x-request-id');
  if (!requestId) fail('no X-Request-Id header');
  for (const h of ['limit', 'remaining', 'reset', 'window']) {
    if (!/^\d+$/.test(reply.headers.get(`x-ratelimit-${h}`) ?? '')) fail(`X-RateLimit-${h} missing or not a number`);
  }
  if (method === 'HEAD') {
    if (reply.body !== null) fail('a HEAD reply has a body');
    return { op, code: null };
  }

  if (reply.status >= 200 && reply.status < 300) {
    // `GET /` tells what the server is; it is not an operation of the API (main/emulator/admin/root.ts).
    if (!op && method === 'GET' && path === '/') {
      if (!RootDocument.safeParse(reply.body).success) fail('the body is not the root document');
      return { op, code: null };
    }
    if (!op) return fail('a success where no operation is');
    // An operation with several media types: the schema of the one the reply says it is.
    const type = (reply.headers.get('content-type') ?? '').split(';')[0]!.trim();
    const schema = op.successMedia ? op.successMedia[type] : op.response;
    if (!schema) return fail(`a success in ${type || 'no media type'}, not one of ${Object.keys(op.successMedia ?? {}).join(', ')}`);
    // An empty text (a page without entries) reads as null here, as an empty JSON body would.
    const r = schema.safeParse(op.successMedia && type !== 'application/json' && reply.body === null ? '' : reply.body);
    if (!r.success) fail(`the body does not match ${op.id}'s response schema:\n${JSON.stringify(r.error.issues, null, 1).slice(0, 2000)}`);
    return { op, code: null };
  }
  if (reply.status < 400) return fail('neither a success nor an error');

  const envelope = op?.envelope ?? envelopeAt(path);
  // A request no operation takes answers the common errors; one whose path cannot be decoded, VALIDATION_ERROR too.
  const allowed = errorShapesOf(op ?? { envelope, errors: decodable(path) ? [] : ['VALIDATION_ERROR'] });
  const inShapes = readError(reply.body, ['account', 'accountWithRequestId', 'cluster']);
  if (inShapes.length === 0) fail(`not an error body of either envelope`);

  // A chaos rule (an /_emulator/chaos test) injects any account code at any status, in the operation's envelope.
  const injected = inShapes.find((p) => p.details?.chaos === true);
  if (injected && op) {
    const shape: ErrorShape = envelope === 'account' ? 'account' : AUTH_STATUSES.has(reply.status) ? 'accountWithRequestId' : 'cluster';
    if (!inShapes.some((p) => p.shape === shape)) fail(`an injected error not in the ${shape} shape`);
    if (!AccountErrorCode.safeParse(injected.code).success) fail(`an injected error with the unknown code ${injected.code}`);
    return { op, code: injected.code };
  }

  const code = inShapes[0]!.code;
  if (!isApiErrorCode(code)) return fail(`unknown error code ${code}`);
  const shapes = allowed.get(code);
  if (!shapes)
    fail(
      `${code} is neither declared by ${op?.id ?? 'this route'} nor common to every operation (declared: ${op?.errors.join(', ') || 'none'})`,
    );
  const match = inShapes.find((p) => shapes!.includes(p.shape) && p.code === code);
  if (!match) fail(`${code} here comes in the ${shapes!.join(' or ')} shape (${envelope} envelope), not in the body's`);
  if (ERROR_STATUS[code as ApiErrorCode] !== reply.status)
    fail(`${code} is answered with ${ERROR_STATUS[code as ApiErrorCode]}, not ${reply.status}`);
  if (match!.shape !== 'account' && match!.requestId !== requestId)
    fail(`meta.request_id ${match!.requestId} is not the X-Request-Id ${requestId}`);
  // The 401, 403 and 429 shapes of Document 1 also carry a numeric code (01-accounts.md, Errors).
  if (match!.shape !== 'cluster' && AUTH_STATUSES.has(reply.status) && match!.numericCode !== reply.status)
    fail(`no numeric code ${reply.status} in the body`);
  return { op, code };
}
