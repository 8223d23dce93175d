// The OpenAPI 3.1 document, generated with zod's JSON Schema output from the same
// operation table that validates requests.
import { z } from 'zod';
import { AccountErrorBody, ClusterErrorBody } from '../../../shared/api/errors';
import type { Operation } from '../../../shared/api/operation';

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

const errorRef = (description: string, schema: 'AccountError' | 'ClusterError' = 'AccountError') => ({
  description,
  content: { 'application/json': { schema: { $ref: `#/components/schemas/${schema}` } } },
});

export function buildOpenApi(routes: ReadonlyArray<{ op: Operation; status: number }>): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const { op, status } of routes) {
    const path = op.path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, '{$1}');
    const item = (paths[path] ??= {});
    // Cluster routes answer in the cluster envelope, except the pipeline's 401/403/429 (docs/decisions.md, Clusters).
    const own = op.envelope === 'cluster' ? 'ClusterError' : 'AccountError';
    item[op.method.toLowerCase()] = {
      operationId: op.id,
      summary: op.summary,
      tags: [op.area],
      security: [{ bearerAuth: [] }],
      parameters: [...parametersOf(op.params, 'path'), ...parametersOf(op.query, 'query')],
      ...(op.body ? { requestBody: { required: true, content: { 'application/json': { schema: schemaOf(op.body, 'input') } } } } : {}),
      responses: {
        [String(status)]: { description: 'Success', content: { 'application/json': { schema: schemaOf(op.response, 'output') } } },
        '400': errorRef('Invalid input (VALIDATION_ERROR, INVALID_JSON, or a field-specific code)', own),
        '401': errorRef('Missing or invalid key (UNAUTHORIZED)'),
        '403': errorRef('FORBIDDEN or INSUFFICIENT_PERMISSIONS'),
        '404': errorRef('Unknown resource', own),
        ...(op.envelope === 'cluster' ? { '409': errorRef('Conflict (INVALID_STATE, PORT_CONFLICT, SECRET_EXISTS, …)', own) } : {}),
        '429': errorRef('RATE_LIMIT_EXCEEDED or RATE_LIMITED'),
      },
    };
  }
  return {
    openapi: '3.1.0',
    info: { title: 'GPU Operator Console platform emulator', version: '2.0.0' },
    servers: [{ url: '/' }],
    paths,
    components: {
      securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer' } },
      schemas: { AccountError: schemaOf(AccountErrorBody, 'output'), ClusterError: schemaOf(ClusterErrorBody, 'output') },
    },
  };
}
