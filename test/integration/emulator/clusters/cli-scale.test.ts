// The CLI's benchmark world (--clusters N --secrets N) and the OpenAPI document of the area.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clustersOperations } from '../../../../shared/api/clusters/operations';
import { checkedFetch, startCli, type CliProcess } from '../harness';

let cli: CliProcess;
beforeAll(async () => (cli = await startCli(['--port', '0', '--seed', '7', '--clusters', '12', '--secrets', '40'])));
afterAll(() => cli.stop());

const get = async (path: string) => {
  const res = await checkedFetch(cli.url + path, { headers: { authorization: `Bearer ${cli.ownerKey}` } });
  return { status: res.status, body: (await res.json()) as any }; // eslint-disable-line @typescript-eslint/no-explicit-any -- wire JSON
};

describe('emulator CLI, cluster area', () => {
  it('adds generated clusters with generated secrets to the seeded world', async () => {
    const { body } = await get('/v1/clusters');
    const bench = body.data.clusters.filter((c: { name: string }) => c.name.startsWith('bench-cluster-'));
    expect(bench).toHaveLength(12);
    expect(body.data.clusters.length).toBe(12 + 8);
    const secrets = (await get(`/v1/clusters/${bench[0].id}/secrets`)).body.data;
    expect(secrets.total_count).toBe(40);
    expect(secrets.secrets.every((s: { value?: string }) => s.value === undefined)).toBe(true);
  });

  it('documents every cluster route in the OpenAPI document, errors in the cluster envelope', async () => {
    const { body } = await get('/_emulator/openapi.json');
    for (const op of Object.values(clustersOperations)) {
      const path = op.path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, '{$1}');
      const entry = body.paths[path]?.[op.method.toLowerCase()];
      expect(entry?.operationId, op.id).toBe(op.id);
      expect(entry.responses['404'].content['application/json'].schema.$ref).toBe('#/components/schemas/ClusterError');
      expect(entry.responses['401'].content['application/json'].schema.$ref).toBe('#/components/schemas/AccountError');
    }
  });

  it('refuses a scale beyond its bounds with one clear line', async () => {
    await expect(startCli(['--port', '0', '--clusters', '99999'])).rejects.toThrow(/--clusters must be an integer from 0 to 5000/);
  });
});
