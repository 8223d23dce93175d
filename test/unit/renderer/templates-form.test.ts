import { describe, expect, it } from 'vitest';
import { estimateHourlyRate } from '../../../shared/api/clusters/common';
import type { Template } from '../../../shared/api/clusters/templates';
import {
  emptyTemplateForm,
  formHourlyCost,
  formOfTemplate,
  nextPatchVersion,
  toCreateTemplate,
  toUpdateTemplate,
  type TemplateForm,
} from '../../../renderer/src/features/clusters/templates/template-form';
import { defaultTemplateFilters, templateQuery } from '../../../renderer/src/features/clusters/templates/templates-store';
import { templateIdOf } from '../../../renderer/src/features/clusters/templates/TemplatesPage';

const filled = (patch: Partial<TemplateForm> = {}): TemplateForm => ({
  ...emptyTemplateForm(),
  name: 'PyTorch notebook',
  description: 'Jupyter with PyTorch',
  category: 'ml',
  framework: 'pytorch',
  containerImage: 'registry.example.com/ml/pytorch:2.3-cuda12',
  ...patch,
});

const template: Template = {
  id: 'tmpl_official1',
  name: 'PyTorch 2.3',
  description: 'Official image',
  category: 'ml',
  framework: 'pytorch',
  version: '1.4.0',
  version_notes: null,
  container_image: 'registry.example.com/ml/pytorch:2.3',
  gpu_compatible: true,
  official: true,
  project_id: null,
  default_configuration: { gpu_type: 'H100', gpu_count: 1, cpu_cores: 8, memory_gb: 64, storage_gb: 200, estimated_hourly_cost: 4.19 },
  environment_variables: { HF_HOME: '/data/hf' },
  startup_script: 'pip install -r requirements.txt',
  port_mappings: [{ internal_port: 8888, protocol: 'tcp', description: 'Jupyter', required: true }],
  required_packages: ['torch==2.3.0'],
  resource_limits: { min_resources: { gpu_count: 1 }, max_resources: { gpu_count: 8 } },
  software_versions: { python: '3.11', pytorch: '2.3.0', cuda: '12.1', cudnn: '8.9' },
  compatibility: { gpu_types: ['H100'], regions: [], min_driver_version: '535' },
  usage_statistics: { total_deployments: 10, active_clusters: 2, average_rating: 4.5, success_rate: 0.98 },
  tags: ['notebook'],
  is_public: true,
  is_deprecated: false,
  created_by: { user_id: 'usr_platform', username: 'platform', organization: null },
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
};

describe('toCreateTemplate', () => {
  it('builds a request the shared schema accepts', () => {
    const r = toCreateTemplate(
      filled({
        packages: 'torch==2.3.0\ntransformers',
        tags: 'a, b',
        ports: [{ internalPort: '8888', protocol: 'tcp', description: 'Jupyter' }],
      }),
    );
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.request.default_configuration).toEqual({ gpu_type: 'A100_40GB', gpu_count: 1, cpu_cores: 8, memory_gb: 64, storage_gb: 100 });
    expect(r.request.required_packages).toEqual(['torch==2.3.0', 'transformers']);
    expect(r.request.port_mappings).toEqual([{ internal_port: 8888, protocol: 'tcp', description: 'Jupyter' }]);
    expect(r.request.tags).toEqual(['a', 'b']);
  });

  it('shows min ≤ default ≤ max inline on the fields concerned', () => {
    const r = toCreateTemplate(
      filled({
        min: { gpu_count: '2', cpu_cores: '', memory_gb: '', storage_gb: '' },
        max: { gpu_count: '', cpu_cores: '4', memory_gb: '', storage_gb: '' },
      }),
    );
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors['default_configuration.gpu_count']).toMatch(/at least the minimum \(2\)/);
    expect(r.errors['default_configuration.cpu_cores']).toMatch(/at most the maximum \(4\)/);
  });

  it('requires name, description, category and a valid image', () => {
    const r = toCreateTemplate({ ...emptyTemplateForm(), containerImage: 'Not An Image' });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors.name).toBe('A name is required');
    expect(r.errors.description).toBe('A description is required');
    expect(r.errors.category).toBe('Choose a category');
    expect(r.errors.container_image).toMatch(/image reference/);
  });
});

describe('toUpdateTemplate', () => {
  it('sends a changed version only when three-part numeric, with notes', () => {
    const form = formOfTemplate({ ...template, official: false }, 'edit');
    const unchanged = toUpdateTemplate(form, '1.4.0');
    expect(unchanged.ok && 'version' in unchanged.request).toBe(false);
    const bad = toUpdateTemplate({ ...form, version: '1.5' }, '1.4.0');
    expect(!bad.ok && bad.errors.version).toMatch(/1\.4\.0/);
    const ok = toUpdateTemplate({ ...form, version: '1.5.0', versionNotes: 'CUDA 12.4' }, '1.4.0');
    expect(ok.ok && ok.request).toMatchObject({ version: '1.5.0', version_notes: 'CUDA 12.4' });
  });
});

describe('formOfTemplate', () => {
  it('duplicates an official template as a private custom one with its settings', () => {
    const form = formOfTemplate(template, 'duplicate');
    expect(form.name).toBe('PyTorch 2.3 (copy)');
    expect(form.category).toBe('custom');
    expect(form.isPublic).toBe(false);
    expect(form.version).toBe('');
    expect(form.environment).toEqual([{ key: 'HF_HOME', value: '/data/hf' }]);
    expect(form.min.gpu_count).toBe('1');
    expect(toCreateTemplate(form).ok).toBe(true);
  });
});

describe('helpers', () => {
  it('prices the default configuration with the shared table', () => {
    expect(formHourlyCost(filled())).toBe(
      estimateHourlyRate({ gpu_type: 'A100_40GB', gpu_count: 1, cpu_cores: 8, memory_gb: 64, storage_gb: 100 }),
    );
    expect(formHourlyCost(filled({ defaults: { gpu_count: '', cpu_cores: '8', memory_gb: '64', storage_gb: '100' } }))).toBeNull();
  });

  it('suggests the next patch version', () => {
    expect(nextPatchVersion('1.4.9')).toBe('1.4.10');
  });

  it('turns the filters into the list query, only what is set', () => {
    expect(templateQuery(defaultTemplateFilters())).toEqual({ sort_by: 'name', include_deprecated: false });
    expect(
      templateQuery({
        ...defaultTemplateFilters(),
        category: 'ml',
        gpuCompatible: 'false',
        official: 'true',
        search: ' torch ',
        sortBy: 'rating',
        includeDeprecated: true,
      }),
    ).toEqual({
      category: 'ml',
      gpu_compatible: false,
      official: true,
      search: 'torch',
      sort_by: 'rating',
      include_deprecated: true,
    });
  });

  it('reads the template id from the route', () => {
    expect(templateIdOf('/templates')).toBeNull();
    expect(templateIdOf('/templates/tmpl_abc')).toBe('tmpl_abc');
  });
});
