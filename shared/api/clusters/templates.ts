// Cluster templates (02-clusters.md, Template; Templates).
import { z } from 'zod';
import {
  EnvironmentMap,
  GpuType,
  Port,
  ProjectId,
  Protocol,
  QueryBool,
  queryBool,
  Tags,
  TemplateId,
  Timestamp,
  clusterEnvelope,
  DeletedData,
} from './common';
import { PortDescription } from './ports';

export const TemplateCategory = z.enum(['ml', 'dev', 'production', 'custom']);
export type TemplateCategory = z.infer<typeof TemplateCategory>;
export const Framework = z.enum(['pytorch', 'tensorflow', 'huggingface', 'sklearn']);
export type Framework = z.infer<typeof Framework>;
export const TemplateSortBy = z.enum(['name', 'created_at', 'usage_count', 'rating']);

/** A container image reference: [registry[:port]/]path[:tag][@sha256:digest]. */
const ContainerImage = z
  .string()
  .max(255)
  .regex(
    /^(?:[a-z0-9]+(?:[.-][a-z0-9]+)*(?::[0-9]{1,5})?\/)?[a-z0-9]+(?:(?:[._]|__|-+)[a-z0-9]+)*(?:\/[a-z0-9]+(?:(?:[._]|__|-+)[a-z0-9]+)*)*(?::[A-Za-z0-9_][A-Za-z0-9_.-]{0,127})?(?:@sha256:[a-f0-9]{64})?$/,
    'an image reference such as registry.example.com/team/pytorch:2.3-cuda12',
  );

/** Three-part numeric version, e.g. 1.4.0. */
const TemplateVersion = z.string().regex(/^\d+\.\d+\.\d+$/, 'a version such as 1.4.0');

export const RESOURCE_RANGES = {
  gpu_count: { min: 0, max: 16 },
  cpu_cores: { min: 1, max: 256 },
  memory_gb: { min: 1, max: 2048 },
  storage_gb: { min: 10, max: 65536 },
} as const;
export type ResourceName = keyof typeof RESOURCE_RANGES;
const RESOURCE_NAMES = Object.keys(RESOURCE_RANGES) as ResourceName[];
const resource = (name: ResourceName) => z.number().int().min(RESOURCE_RANGES[name].min).max(RESOURCE_RANGES[name].max);

const DefaultConfigurationInput = z.strictObject({
  gpu_type: GpuType,
  gpu_count: resource('gpu_count'),
  cpu_cores: resource('cpu_cores'),
  memory_gb: resource('memory_gb'),
  storage_gb: resource('storage_gb'),
});
type DefaultConfigurationInput = z.input<typeof DefaultConfigurationInput>;

const ResourceBounds = z.strictObject({
  gpu_count: resource('gpu_count').optional(),
  cpu_cores: resource('cpu_cores').optional(),
  memory_gb: resource('memory_gb').optional(),
  storage_gb: resource('storage_gb').optional(),
});
type ResourceBounds = z.input<typeof ResourceBounds>;

type Resources = Partial<Record<ResourceName, number>>;
export interface BoundIssue {
  path: (string | number)[];
  message: string;
}

/**
 * min ≤ default ≤ max (and min ≤ max) for every resource given. Used by the schemas and,
 * after merging an update with the stored template, by the emulator.
 */
export function resourceBoundIssues(t: {
  default_configuration?: Resources;
  min_resources?: Resources;
  max_resources?: Resources;
}): BoundIssue[] {
  const issues: BoundIssue[] = [];
  for (const name of RESOURCE_NAMES) {
    const min = t.min_resources?.[name];
    const def = t.default_configuration?.[name];
    const max = t.max_resources?.[name];
    if (min !== undefined && max !== undefined && min > max)
      issues.push({ path: ['min_resources', name], message: `the minimum is at most the maximum (${max})` });
    if (def !== undefined && min !== undefined && def < min)
      issues.push({ path: ['default_configuration', name], message: `the default is at least the minimum (${min})` });
    if (def !== undefined && max !== undefined && def > max)
      issues.push({ path: ['default_configuration', name], message: `the default is at most the maximum (${max})` });
  }
  return issues;
}
const checkBounds = (t: Parameters<typeof resourceBoundIssues>[0], ctx: z.RefinementCtx) => {
  for (const issue of resourceBoundIssues(t)) ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
};

const TemplatePortInput = z.strictObject({
  internal_port: Port,
  protocol: Protocol.default('tcp'),
  description: PortDescription,
});

const optionalFields = {
  framework: Framework.optional(),
  environment_variables: EnvironmentMap.optional(),
  startup_script: z.string().max(65_536).optional(),
  port_mappings: z.array(TemplatePortInput).max(50).optional(),
  required_packages: z.array(z.string().trim().min(1).max(200)).max(200).optional(),
  gpu_compatible: z.boolean().optional(),
  min_resources: ResourceBounds.optional(),
  max_resources: ResourceBounds.optional(),
  tags: Tags.optional(),
  is_public: z.boolean().default(false),
};
const TemplateName = z.string().trim().min(1, 'A name is required').max(100);
const TemplateDescription = z.string().trim().min(1, 'A description is required').max(1000);

export const CreateTemplateRequest = z
  .strictObject({
    name: TemplateName,
    description: TemplateDescription,
    category: TemplateCategory,
    container_image: ContainerImage,
    default_configuration: DefaultConfigurationInput,
    /** Chosen: the project the template belongs to (names are unique within it); the caller's default project when omitted. */
    project_id: ProjectId.optional(),
    ...optionalFields,
  })
  .superRefine(checkBounds);
export type CreateTemplateRequest = z.input<typeof CreateTemplateRequest>;
export type CreateTemplateParsed = z.output<typeof CreateTemplateRequest>;

/** Partial template fields plus `version` and `version_notes`; bounds are re-checked by the emulator after merging. */
export const UpdateTemplateRequest = z
  .strictObject({
    name: TemplateName.optional(),
    description: TemplateDescription.optional(),
    category: TemplateCategory.optional(),
    container_image: ContainerImage.optional(),
    default_configuration: DefaultConfigurationInput.optional(),
    ...optionalFields,
    is_public: z.boolean().optional(),
    version: TemplateVersion.optional(),
    version_notes: z.string().trim().max(1000).optional(),
  })
  .superRefine(checkBounds);
export type UpdateTemplateRequest = z.input<typeof UpdateTemplateRequest>;

const resourceOut = z.object({
  gpu_count: z.number().int(),
  cpu_cores: z.number().int(),
  memory_gb: z.number().int(),
  storage_gb: z.number().int(),
});

export const Template = z.object({
  id: TemplateId,
  name: z.string(),
  description: z.string(),
  category: TemplateCategory,
  framework: Framework.nullable(),
  version: TemplateVersion,
  version_notes: z.string().nullable(),
  container_image: z.string(),
  gpu_compatible: z.boolean(),
  official: z.boolean(),
  project_id: ProjectId.nullable(),
  default_configuration: z.object({
    gpu_type: GpuType,
    gpu_count: z.number().int(),
    cpu_cores: z.number().int(),
    memory_gb: z.number().int(),
    storage_gb: z.number().int(),
    /** From the price table in ./common (GPU_HOURLY_PRICE and the resource rates). */
    estimated_hourly_cost: z.number().min(0),
  }),
  environment_variables: z.record(z.string(), z.string()),
  startup_script: z.string().nullable(),
  port_mappings: z.array(z.object({ internal_port: Port, protocol: Protocol, description: z.string(), required: z.boolean() })),
  required_packages: z.array(z.string()),
  resource_limits: z.object({ min_resources: resourceOut.partial(), max_resources: resourceOut.partial() }),
  software_versions: z.object({
    python: z.string().nullable(),
    pytorch: z.string().nullable(),
    cuda: z.string().nullable(),
    cudnn: z.string().nullable(),
  }),
  compatibility: z.object({ gpu_types: z.array(GpuType), regions: z.array(z.string()), min_driver_version: z.string().nullable() }),
  usage_statistics: z.object({
    total_deployments: z.number().int().min(0),
    active_clusters: z.number().int().min(0),
    average_rating: z.number().min(0).max(5).nullable(),
    success_rate: z.number().min(0).max(1).nullable(),
  }),
  tags: z.array(z.string()),
  is_public: z.boolean(),
  is_deprecated: z.boolean(),
  created_by: z.object({ user_id: z.string(), username: z.string(), organization: z.string().nullable() }),
  created_at: Timestamp,
  updated_at: Timestamp,
});
export type Template = z.output<typeof Template>;

export const ListTemplatesQuery = z.strictObject({
  category: TemplateCategory.optional(),
  framework: Framework.optional(),
  gpu_compatible: QueryBool.optional(),
  official: QueryBool.optional(),
  project_id: ProjectId.optional(),
  /** Matched against name, description and tags, case-insensitively. */
  search: z.string().max(200).optional(),
  /** Chosen order: name ascending; created_at, usage_count and rating descending. */
  sort_by: TemplateSortBy.default('name'),
  include_deprecated: queryBool(false),
});
export type ListTemplatesQuery = z.input<typeof ListTemplatesQuery>;

export const TemplateParams = z.strictObject({ template_id: TemplateId });
export type TemplateParams = z.infer<typeof TemplateParams>;

export const ListTemplatesResponse = clusterEnvelope(z.object({ templates: z.array(Template), total_count: z.number().int().min(0) }));
export type ListTemplatesResponse = z.output<typeof ListTemplatesResponse>;
export const TemplateResponse = clusterEnvelope(Template);
export type TemplateResponse = z.output<typeof TemplateResponse>;
export const DeleteTemplateResponse = clusterEnvelope(DeletedData);
export type DeleteTemplateResponse = z.output<typeof DeleteTemplateResponse>;
