import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { operations } from '../../../shared/api/operations';
import { buildPath } from '../../../shared/api/operation';

describe('the operation table', () => {
  const ops = Object.entries(operations);

  it('keys each operation by its own id, once per method and path', () => {
    const routes = new Set<string>();
    for (const [key, op] of ops) {
      expect(op.id).toBe(key);
      const route = `${op.method} ${op.path}`;
      expect(routes.has(route), route).toBe(false);
      routes.add(route);
    }
  });

  it('declares a params schema naming exactly the path parameters', () => {
    for (const [, op] of ops) {
      const names = [...op.path.matchAll(/:([A-Za-z_]+)/g)].map((m) => m[1]).sort();
      const params = 'params' in op ? (op.params as z.ZodObject).shape : {};
      expect(Object.keys(params).sort(), op.id).toEqual(names);
    }
  });

  it('only reads with GET', () => {
    for (const [, op] of ops) expect(op.access === 'read', op.id).toBe(op.method === 'GET');
  });

  it('converts every schema to JSON Schema (the OpenAPI document depends on it)', () => {
    for (const [, op] of ops) {
      for (const schema of [op.response, 'body' in op ? op.body : undefined]) {
        if (schema) expect(() => z.toJSONSchema(schema as z.ZodType, { io: 'input', unrepresentable: 'any' }), op.id).not.toThrow();
      }
    }
  });
});

describe('buildPath', () => {
  it('fills and encodes parameters', () => {
    expect(buildPath('/v2/accounts/api-keys/:key_id/rotate', { key_id: 'key_a/b' })).toBe('/v2/accounts/api-keys/key_a%2Fb/rotate');
  });
  it('refuses a missing parameter', () => {
    expect(() => buildPath('/v2/accounts/api-keys/:key_id', {})).toThrow(/key_id/);
  });
});
