import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { operations } from '../../../shared/api/operations';
import { buildPath, matchOperation, operationsAtPath } from '../../../shared/api/operation';

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

  it("declares the errors of every operation (the OpenAPI document and the tests' contract read them)", () => {
    for (const [, op] of ops) expect(Array.isArray((op as { errors?: unknown }).errors), op.id).toBe(true);
  });

  it('only reads with GET, and with the POST searches that change nothing (docs/decisions.md, Logs)', () => {
    const readPosts = new Set([
      'clusters.logs.search',
      'endpoints.healthBatch',
      'endpoints.logs.search',
      'endpoints.logs.aggregate',
      'training.models.compare',
      // docs/decisions.md, Training: experiments
      'training.experiments.compare',
      // docs/decisions.md, Permissions and roles (issue 19): a question, it changes nothing
      'permissions.check',
      // docs/decisions.md, Permissions and roles (issue 19): Audit log and what-if — a replay, it changes nothing
      'permissions.roles.whatIf',
    ]);
    for (const [, op] of ops)
      expect(op.access === 'read', op.id).toBe(op.method === 'GET' || (op.method === 'POST' && readPosts.has(op.id)));
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

describe('matchOperation', () => {
  const table = Object.values(operations);

  it('finds the operation a request reaches, a static segment winning over a parameter', () => {
    expect(matchOperation(table, 'GET', '/v1/clusters/templates')?.id).toBe('clusters.templates.list');
    expect(matchOperation(table, 'GET', '/v1/clusters/templates/proxy')?.id).toBe('clusters.templates.get');
    expect(matchOperation(table, 'GET', '/v1/clusters/cluster_1/proxy')?.id).toBe('clusters.proxy.get');
    expect(matchOperation(table, 'POST', '/v1/clusters/templates/secrets')?.id).toBe('clusters.secrets.create');
    expect(matchOperation(table, 'DELETE', '/v2/auth/api-keys/key_1')?.id).toBe('authKeys.revoke');
  });

  it('lets a parameter take an empty segment, as the router does', () => {
    expect(matchOperation(table, 'POST', '/v2/accounts/api-keys//rotate')?.id).toBe('apiKeys.rotate');
  });

  it('finds nothing for another method or path, and lists the operations at a path', () => {
    expect(matchOperation(table, 'PATCH', '/v1/clusters/cluster_1')).toBeNull();
    expect(matchOperation(table, 'GET', '/v1/clusters/cluster_1/proxy/extra')).toBeNull();
    expect(
      operationsAtPath(table, '/v1/clusters/templates')
        .map((op) => op.id)
        .sort(),
    ).toEqual(['clusters.get', 'clusters.templates.create', 'clusters.templates.list']);
  });
});
