// The OpenAPI 3.1 document, generated with zod's JSON Schema output from the same
// operation table that validates requests.
import { z } from 'zod';
import { ERROR_STATUS, errorShapesOf, type ApiErrorCode, type ErrorShape } from '../../../shared/api/error-codes';
import { AccountErrorBody, ClusterErrorBody } from '../../../shared/api/errors';
import type { Operation } from '../../../shared/api/operation';

/** What the emulator calls itself, in the OpenAPI document and on `GET /`. */
export const EMULATOR_NAME = 'GPU Operator Console platform emulator';
/** The version of the platform API the emulator implements (the specs in docs). */
export const EMULATED_API_VERSION = '2.0.0';

function schemaOf(schema: z.ZodType, io: 'input' | 'output'): Record<string, unknown> {
  const json = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' }) as Record<string, unknown>;
  delete json.$schema;
  return json;
}

function parametersOf(schema: z.ZodType | undefined, where: 'path' | 'query'): unknown[] {
  if (!schema) return [];
  const json = schemaOf(schema, 'input') as { properties?: Record<string, unknown>; required?: string[] };
  return Object.entries(json.properties ?? {}).map(([name, s]) => ({
    name,
    in: where,
    required: where === 'path' || (json.required ?? []).includes(name),
    schema: s,
  }));
}

const REQUEST_ID = { type: 'object', required: ['request_id'], properties: { request_id: { type: 'string' } } };

/**
 * The shape's schema with its code member narrowed to these codes. OpenAPI 3.1 schemas are
 * JSON Schema 2020-12, where keywords beside `$ref` apply too.
 */
function shapeSchema(shape: ErrorShape, codes: readonly ApiErrorCode[]): Record<string, unknown> {
  const code = { enum: codes };
  if (shape === 'cluster') return { $ref: '#/components/schemas/ClusterError', properties: { error: { properties: { code } } } };
  if (shape === 'account') return { $ref: '#/components/schemas/AccountError', properties: { error: code } };
  // A cluster route's pipeline refusal: the account shape plus meta.request_id (docs/decisions.md, Clusters: error envelope).
  return { $ref: '#/components/schemas/AccountError', required: ['meta'], properties: { error: code, meta: REQUEST_ID } };
}

/**
 * One response per error status the operation can answer (its declared `errors` and the
 * common ones, shared/api/error-codes.ts), each naming its codes in the envelope they come in.
 */
function errorResponses(op: Operation): Record<string, unknown> {
  const byStatus = new Map<number, Map<ErrorShape, ApiErrorCode[]>>();
  for (const [code, shapes] of errorShapesOf(op)) {
    const status = ERROR_STATUS[code];
    const entry = byStatus.get(status) ?? new Map<ErrorShape, ApiErrorCode[]>();
    byStatus.set(status, entry);
    for (const shape of shapes) entry.set(shape, [...(entry.get(shape) ?? []), code]);
  }
  const responses: Record<string, unknown> = {};
  for (const [status, entry] of [...byStatus].sort((a, b) => a[0] - b[0])) {
    const variants = [...entry].map(([shape, codes]) => shapeSchema(shape, codes));
    const codes = [...new Set([...entry.values()].flat())];
    responses[String(status)] = {
      description: codes.join(', '),
      content: { 'application/json': { schema: variants.length === 1 ? variants[0] : { anyOf: variants } } },
    };
  }
  return responses;
}

export function buildOpenApi(routes: ReadonlyArray<{ op: Operation; status: number }>): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const { op, status } of routes) {
    const path = op.path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, '{$1}');
    const item = (paths[path] ??= {});
    item[op.method.toLowerCase()] = {
      operationId: op.id,
      summary: op.summary,
      ...(op.description ? { description: op.description } : {}),
      tags: [op.limitGroup],
      security: [{ bearerAuth: [] }],
      parameters: [...parametersOf(op.params, 'path'), ...parametersOf(op.query, 'query')],
      ...(op.body
        ? {
            requestBody: {
              required: true,
              content: Object.fromEntries(
                Object.entries(op.bodyMedia ?? { 'application/json': op.body }).map(([type, schema]) => [
                  type,
                  { schema: schemaOf(schema, 'input') },
                ]),
              ),
            },
          }
        : {}),
      responses: {
        [String(status)]: {
          description: 'Success',
          content: Object.fromEntries(
            Object.entries(op.successMedia ?? { 'application/json': op.response }).map(([type, schema]) => [
              type,
              { schema: schemaOf(schema, 'output') },
            ]),
          ),
        },
        ...errorResponses(op),
      },
    };
  }
  return {
    openapi: '3.1.0',
    info: { title: EMULATOR_NAME, version: EMULATED_API_VERSION },
    servers: [{ url: '/' }],
    paths,
    components: {
      securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer' } },
      schemas: { AccountError: schemaOf(AccountErrorBody, 'output'), ClusterError: schemaOf(ClusterErrorBody, 'output') },
    },
  };
}
