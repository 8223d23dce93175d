// Templates over HTTP: filters, sorts, deprecated ones, create/update/delete with their
// validation, official templates read-only, and the estimated hourly cost.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { estimateHourlyRate } from '../../../../shared/api/clusters/common';
import { ListTemplatesResponse, TemplateResponse } from '../../../../shared/api/clusters/templates';
import { errorOf, startClusters, type ClusterTarget } from './harness';

let t: ClusterTarget;
beforeAll(async () => (t = await startClusters()));
afterAll(() => t.close());

const list = async (query = '') => ListTemplatesResponse.parse((await t.call('GET', `/v1/clusters/templates${query}`)).body).data;

const NEW = {
  name: 'Diffusion playground',
  description: 'Stable diffusion with a web UI',
  category: 'ml',
  framework: 'pytorch',
  container_image: 'registry.example.com/acme/diffusion:1.0',
  default_configuration: { gpu_type: 'L40S', gpu_count: 2, cpu_cores: 16, memory_gb: 64, storage_gb: 200 },
  min_resources: { gpu_count: 1 },
  max_resources: { gpu_count: 4 },
  port_mappings: [{ internal_port: 7860, description: 'Web UI' }],
  project_id: 'proj_research',
  tags: ['diffusion'],
};

describe('template reads', () => {
  it('lists official and custom templates of several frameworks, without deprecated ones by default', async () => {
    const d = await list();
    expect(d.total_count).toBe(d.templates.length);
    expect(d.templates.some((x) => x.official) && d.templates.some((x) => !x.official)).toBe(true);
    expect(new Set(d.templates.map((x) => x.framework)).size).toBeGreaterThanOrEqual(4);
    expect(new Set(d.templates.map((x) => x.category)).size).toBeGreaterThanOrEqual(3);
    expect(d.templates.every((x) => !x.is_deprecated)).toBe(true);
    expect(d.templates.map((x) => x.name)).toEqual([...d.templates.map((x) => x.name)].sort((a, b) => a.localeCompare(b)));
    for (const x of d.templates) expect(x.default_configuration.estimated_hourly_cost).toBe(estimateHourlyRate(x.default_configuration));
    const withDeprecated = await list('?include_deprecated=true');
    expect(withDeprecated.templates.filter((x) => x.is_deprecated)).toHaveLength(1);
  });

  it('filters by every documented parameter and sorts by each key', async () => {
    expect((await list('?category=dev')).templates.every((x) => x.category === 'dev')).toBe(true);
    expect((await list('?framework=huggingface')).templates.every((x) => x.framework === 'huggingface')).toBe(true);
    expect((await list('?official=false')).templates.every((x) => !x.official)).toBe(true);
    expect((await list('?official=true')).templates.every((x) => x.official)).toBe(true);
    expect((await list('?gpu_compatible=true')).total_count).toBeGreaterThan(0);
    expect((await list('?project_id=proj_research')).templates.every((x) => x.project_id === 'proj_research')).toBe(true);
    expect((await list('?search=TENSORBOARD')).total_count).toBe(0); // name, description, tags only
    expect((await list('?search=llm')).templates.map((x) => x.name)).toContain('Team LLM finetune');
    const byUsage = (await list('?sort_by=usage_count')).templates.map((x) => x.usage_statistics.total_deployments);
    expect(byUsage).toEqual([...byUsage].sort((a, b) => b - a));
    const byRating = (await list('?sort_by=rating')).templates.map((x) => x.usage_statistics.average_rating ?? -1);
    expect(byRating).toEqual([...byRating].sort((a, b) => b - a));
    const byCreated = (await list('?sort_by=created_at')).templates.map((x) => x.created_at);
    expect(byCreated).toEqual([...byCreated].sort().reverse());
    expect(errorOf(await t.call('GET', '/v1/clusters/templates?sort_by=price')).code).toBe('VALIDATION_ERROR');
  });

  it('reads one template; unknown ids are TEMPLATE_NOT_FOUND', async () => {
    const first = (await list()).templates[0]!;
    expect(TemplateResponse.parse((await t.call('GET', `/v1/clusters/templates/${first.id}`)).body).data.id).toBe(first.id);
    expect(errorOf(await t.call('GET', '/v1/clusters/templates/tmpl_missing'))).toMatchObject({ status: 404, code: 'TEMPLATE_NOT_FOUND' });
    expect(errorOf(await t.call('GET', '/v1/clusters/templates/xyz')).code).toBe('TEMPLATE_NOT_FOUND');
  });
});

describe('template writes', () => {
  let created: { id: string };

  it('creates (201) with defaults and the estimated cost; names are unique per project', async () => {
    const r = await t.call('POST', '/v1/clusters/templates', { body: NEW });
    expect(r.status).toBe(201);
    const x = TemplateResponse.parse(r.body).data;
    created = x;
    expect(x).toMatchObject({
      official: false,
      version: '1.0.0',
      is_public: false,
      is_deprecated: false,
      gpu_compatible: true,
      project_id: 'proj_research',
    });
    expect(x.default_configuration.estimated_hourly_cost).toBe(estimateHourlyRate(NEW.default_configuration as never));
    expect(x.resource_limits).toEqual({ min_resources: { gpu_count: 1 }, max_resources: { gpu_count: 4 } });
    expect(x.port_mappings).toEqual([{ internal_port: 7860, protocol: 'tcp', description: 'Web UI', required: true }]);
    const dup = await t.call('POST', '/v1/clusters/templates', { body: { ...NEW, name: 'diffusion PLAYGROUND' } });
    expect(errorOf(dup)).toMatchObject({ status: 409, code: 'TEMPLATE_NAME_EXISTS', details: { existing_template_id: x.id } });
    const other = await t.call('POST', '/v1/clusters/templates', { body: { ...NEW, project_id: 'proj_sandbox' } });
    expect(other.status).toBe(201);
  });

  it('validates the create body', async () => {
    const post = (body: unknown) => t.call('POST', '/v1/clusters/templates', { body });
    expect(errorOf(await post({ ...NEW, name: 'a', default_configuration: { ...NEW.default_configuration, gpu_count: 8 } }))).toMatchObject(
      {
        code: 'VALIDATION_ERROR',
        details: { field: 'default_configuration.gpu_count' },
      },
    );
    expect(errorOf(await post({ ...NEW, name: 'b', category: 'research' })).details.field).toBe('category');
    expect(errorOf(await post({ ...NEW, name: 'c', framework: 'jax' })).details.field).toBe('framework');
    expect(errorOf(await post({ ...NEW, name: 'd', description: undefined })).details.field).toBe('description');
    expect(errorOf(await post({ ...NEW, name: 'e', container_image: 'Not An Image!' })).details.field).toBe('container_image');
  });

  it('updates partially, bumps or sets the version, and re-checks bounds after merging', async () => {
    const r = await t.call('PUT', `/v1/clusters/templates/${created.id}`, { body: { description: 'Updated', tags: ['diffusion', 'ui'] } });
    expect(r.body.data).toMatchObject({ description: 'Updated', version: '1.0.1', version_notes: null, name: NEW.name });
    const v = await t.call('PUT', `/v1/clusters/templates/${created.id}`, {
      body: { version: '2.0.0', version_notes: 'New base image', container_image: 'registry.example.com/acme/diffusion:2.0' },
    });
    expect(v.body.data).toMatchObject({ version: '2.0.0', version_notes: 'New base image' });
    expect(errorOf(await t.call('PUT', `/v1/clusters/templates/${created.id}`, { body: { version: '1.9.9' } }))).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: { field: 'version' },
    });
    expect(errorOf(await t.call('PUT', `/v1/clusters/templates/${created.id}`, { body: { version: '2.1' } })).details.field).toBe(
      'version',
    );
    // Stored max gpu_count is 4: a new default of 6 breaks it only once merged.
    const bounds = await t.call('PUT', `/v1/clusters/templates/${created.id}`, {
      body: { default_configuration: { ...NEW.default_configuration, gpu_count: 6 } },
    });
    expect(errorOf(bounds)).toMatchObject({
      status: 400,
      code: 'INVALID_RESOURCE_BOUNDS',
      details: { field: 'default_configuration.gpu_count' },
    });
    const raise = await t.call('PUT', `/v1/clusters/templates/${created.id}`, {
      body: { max_resources: { gpu_count: 8 }, default_configuration: { ...NEW.default_configuration, gpu_count: 6 } },
    });
    expect(raise.body.data.default_configuration).toMatchObject({
      gpu_count: 6,
      estimated_hourly_cost: estimateHourlyRate({ ...NEW.default_configuration, gpu_count: 6 } as never),
    });
  });

  it('keeps official templates read-only and deletes custom ones', async () => {
    const official = (await list('?official=true')).templates[0]!;
    expect(errorOf(await t.call('PUT', `/v1/clusters/templates/${official.id}`, { body: { description: 'mine now' } }))).toMatchObject({
      status: 403,
      code: 'OFFICIAL_TEMPLATE_READ_ONLY',
      details: { template_id: official.id, action: 'update' },
    });
    expect(errorOf(await t.call('DELETE', `/v1/clusters/templates/${official.id}`))).toMatchObject({
      status: 403,
      code: 'OFFICIAL_TEMPLATE_READ_ONLY',
    });
    const del = await t.call('DELETE', `/v1/clusters/templates/${created.id}`);
    expect(del.body.data).toMatchObject({ id: created.id, deleted: true });
    expect(errorOf(await t.call('DELETE', `/v1/clusters/templates/${created.id}`)).code).toBe('TEMPLATE_NOT_FOUND');
  });
});
