// Every operation of the table declares its errors and has its OpenAPI entry, whose error
// responses list each code it can answer at that code's status, in the envelope it comes in.
import { afterAll, describe, expect, it } from 'vitest';
import { ERROR_STATUS, errorShapesOf, isApiErrorCode } from '../../../shared/api/error-codes';
import type { Operation } from '../../../shared/api/operation';
import { emulatorRoutes } from './route-table';
import { inProcess } from './harness';

const t = inProcess();
afterAll(() => t.close());

interface Variant {
  $ref: string;
  required?: string[];
  properties: { error: { enum?: string[]; properties?: { code: { enum: string[] } } } };
}
const variantsOf = (response: { content: { 'application/json': { schema: Variant | { anyOf: Variant[] } } } }): Variant[] => {
  const schema = response.content['application/json'].schema;
  return 'anyOf' in schema ? schema.anyOf : [schema];
};
const codesOf = (v: Variant) => v.properties.error.enum ?? v.properties.error.properties?.code.enum ?? [];
const REF = {
  account: '#/components/schemas/AccountError',
  accountWithRequestId: '#/components/schemas/AccountError',
  cluster: '#/components/schemas/ClusterError',
};

describe('the OpenAPI document and the operation table', () => {
  const ops: Operation[] = [...emulatorRoutes];

  it('has every operation declare its errors, each a known code', () => {
    for (const op of ops) {
      expect(Array.isArray(op.errors), `${op.id} declares no errors`).toBe(true);
      for (const code of op.errors ?? []) expect(isApiErrorCode(code), `${op.id}: ${code}`).toBe(true);
      // Input an operation validates can fail validation.
      if (op.params || op.query || op.body) expect(op.errors, op.id).toContain('VALIDATION_ERROR');
    }
  });

  it('documents every operation with each error it can answer, at its status and in its envelope', async () => {
    const doc = (await t.call('GET', '/_emulator/openapi.json')).body;
    for (const op of ops) {
      const entry = doc.paths[op.path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, '{$1}')]?.[op.method.toLowerCase()];
      expect(entry?.operationId, `${op.method} ${op.path} has no OpenAPI entry`).toBe(op.id);
      for (const [code, shapes] of errorShapesOf(op)) {
        const response = entry.responses[String(ERROR_STATUS[code])];
        expect(response?.description, `${op.id}: no ${ERROR_STATUS[code]} response for ${code}`).toContain(code);
        for (const shape of shapes) {
          const variant = variantsOf(response).find(
            (v) => v.$ref === REF[shape] && codesOf(v).includes(code) && (shape !== 'accountWithRequestId') === !v.required,
          );
          expect(variant, `${op.id}: ${code} in the ${shape} shape`).toBeDefined();
        }
      }
    }
  });

  it('documents only operations of the table', async () => {
    const doc = (await t.call('GET', '/_emulator/openapi.json')).body;
    const known = new Set(ops.map((op) => op.id));
    for (const item of Object.values(doc.paths) as Record<string, { operationId: string }>[]) {
      for (const entry of Object.values(item)) expect(known.has(entry.operationId), entry.operationId).toBe(true);
    }
  });

  it('puts a cluster route’s own refusals in the cluster envelope and the pipeline’s in the account shape with meta', async () => {
    const doc = (await t.call('GET', '/_emulator/openapi.json')).body;
    const get = doc.paths['/v1/clusters/{cluster_id}/secrets/{secret_name}'].get;
    const forbidden = variantsOf(get.responses['403']);
    expect(forbidden.find((v) => v.$ref === REF.cluster)?.properties.error.properties?.code.enum).toEqual(['INSUFFICIENT_PERMISSIONS']);
    expect(forbidden.find((v) => v.required)?.properties.error.enum).toEqual(['FORBIDDEN', 'INSUFFICIENT_PERMISSIONS', 'IP_NOT_ALLOWED']);
    expect(variantsOf(get.responses['404'])[0]!.properties.error.properties?.code.enum).toEqual([
      'NOT_FOUND',
      'CLUSTER_NOT_FOUND',
      'SECRET_NOT_FOUND',
    ]);
  });
});
