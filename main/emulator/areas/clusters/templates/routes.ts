// Cluster templates (02-clusters.md, Templates): list with every filter and sort, get,
// create, partial update (bounds re-checked after merging, version bumped), delete.
// Official templates are read-only (403 OFFICIAL_TEMPLATE_READ_ONLY).
import { clustersOperations as ops } from '../../../../../shared/api/clusters/operations';
import { estimateHourlyRate } from '../../../../../shared/api/clusters/common';
import { resourceBoundIssues, type CreateTemplateParsed, type Template } from '../../../../../shared/api/clusters/templates';
import type { Caller } from '../../../core/area';
import { validationError } from '../../../core/errors';
import { randomId } from '../../../core/ids';
import { defineRoute } from '../../../core/route-def';
import type { EmulatorContext } from '../../../core/context';
import { iso, ok, stripUndefined } from '../envelope';
import { invalidResourceBounds, officialReadOnly, templateNameExists, templateNotFound } from '../errors';
import { clusterRecord } from '../records';
import { AREA, clustersState, type StoredTemplate } from '../state';
import { ALL_REGIONS, softwareFor } from './defaults';

/** Chosen: templates created without project_id belong to this project. */
const DEFAULT_PROJECT = 'proj_default';

function templateView(t: StoredTemplate): Template {
  const view = structuredClone(t) as Template;
  view.default_configuration.estimated_hourly_cost = estimateHourlyRate(t.default_configuration);
  return view;
}

function templateOr404(ctx: EmulatorContext, id: string): StoredTemplate {
  const t = clustersState(ctx.store).templates.find((x) => x.id === id);
  if (!t) throw templateNotFound(id);
  return t;
}

function checkNameFree(ctx: EmulatorContext, name: string, projectId: string | null, selfId?: string): void {
  const lower = name.toLowerCase();
  const other = clustersState(ctx.store).templates.find(
    (t) => t.id !== selfId && t.project_id === projectId && t.name.toLowerCase() === lower,
  );
  if (other) throw templateNameExists(name, projectId, other.id);
}

const compareVersions = (a: string, b: string) => {
  const pa = a.split('.').map(Number);
  const pb = b.split('.').map(Number);
  for (let i = 0; i < 3; i++) if (pa[i] !== pb[i]) return pa[i]! - pb[i]!;
  return 0;
};
const bumpPatch = (v: string) => {
  const [major, minor, patch] = v.split('.').map(Number);
  return `${major}.${minor}.${patch! + 1}`;
};

const SORTS: Record<string, (a: StoredTemplate, b: StoredTemplate) => number> = {
  name: (a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id),
  created_at: (a, b) => b.created_at.localeCompare(a.created_at) || a.id.localeCompare(b.id),
  usage_count: (a, b) => b.usage_statistics.total_deployments - a.usage_statistics.total_deployments || a.name.localeCompare(b.name),
  rating: (a, b) => (b.usage_statistics.average_rating ?? -1) - (a.usage_statistics.average_rating ?? -1) || a.name.localeCompare(b.name),
};

function creator(ctx: EmulatorContext, key: Caller): Template['created_by'] {
  const directory = ctx.directory();
  const member = directory.members().find((m) => m.id === key.createdBy);
  return { user_id: key.createdBy, username: member?.username ?? 'owner', organization: directory.organization().name };
}

function createTemplate(ctx: EmulatorContext, body: CreateTemplateParsed, key: Caller, now: number): StoredTemplate {
  const projectId = body.project_id ?? DEFAULT_PROJECT;
  checkNameFree(ctx, body.name, projectId);
  return {
    id: randomId('tmpl_'),
    name: body.name,
    description: body.description,
    category: body.category,
    framework: body.framework ?? null,
    version: '1.0.0',
    version_notes: null,
    container_image: body.container_image,
    gpu_compatible: body.gpu_compatible ?? body.default_configuration.gpu_count > 0,
    official: false,
    project_id: projectId,
    default_configuration: { ...body.default_configuration },
    environment_variables: body.environment_variables ?? {},
    startup_script: body.startup_script ?? null,
    port_mappings: (body.port_mappings ?? []).map((p) => ({ ...p, required: true })),
    required_packages: body.required_packages ?? [],
    resource_limits: { min_resources: body.min_resources ?? {}, max_resources: body.max_resources ?? {} },
    software_versions: softwareFor(body.framework ?? null, body.container_image),
    compatibility: {
      gpu_types: [body.default_configuration.gpu_type],
      regions: [...ALL_REGIONS],
      min_driver_version: body.default_configuration.gpu_count > 0 ? '535.104' : null,
    },
    usage_statistics: { total_deployments: 0, active_clusters: 0, average_rating: null, success_rate: null },
    tags: body.tags ?? [],
    is_public: body.is_public,
    is_deprecated: false,
    created_by: creator(ctx, key),
    created_at: iso(now),
    updated_at: iso(now),
  };
}

export const templateRoutes = [
  defineRoute(ops['clusters.templates.list'], (ctx, { query, requestId }) => {
    const needle = query.search?.toLowerCase();
    const found = clustersState(ctx.store).templates.filter(
      (t) =>
        (query.include_deprecated || !t.is_deprecated) &&
        (query.category === undefined || t.category === query.category) &&
        (query.framework === undefined || t.framework === query.framework) &&
        (query.gpu_compatible === undefined || t.gpu_compatible === query.gpu_compatible) &&
        (query.official === undefined || t.official === query.official) &&
        (query.project_id === undefined || t.project_id === query.project_id) &&
        (!needle || [t.name, t.description, ...t.tags].some((s) => s.toLowerCase().includes(needle))),
    );
    found.sort(SORTS[query.sort_by]);
    return ok({ templates: found.map(templateView), total_count: found.length }, requestId);
  }),
  defineRoute(ops['clusters.templates.get'], (ctx, { params, requestId }) =>
    ok(templateView(templateOr404(ctx, params.template_id)), requestId),
  ),
  defineRoute(
    ops['clusters.templates.create'],
    (ctx, { body, key, now, requestId }) => {
      const t = createTemplate(ctx, body, key, now);
      clustersState(ctx.store).templates.push(t);
      ctx.store.touch(AREA, clusterRecord.template(t.id));
      return ok(templateView(t), requestId);
    },
    201,
  ),
  defineRoute(ops['clusters.templates.update'], (ctx, { params, body, now, requestId }) => {
    const t = templateOr404(ctx, params.template_id);
    if (t.official) throw officialReadOnly(t.id, 'update');
    const { version, version_notes, min_resources, max_resources, port_mappings, default_configuration, ...plain } = body;
    const limits = {
      min_resources: min_resources ?? t.resource_limits.min_resources,
      max_resources: max_resources ?? t.resource_limits.max_resources,
    };
    const issues = resourceBoundIssues({ default_configuration: default_configuration ?? t.default_configuration, ...limits });
    if (issues.length) throw invalidResourceBounds(issues);
    if (version !== undefined && compareVersions(version, t.version) <= 0)
      throw validationError('version', `must be higher than the current version ${t.version}`);
    if (plain.name !== undefined) checkNameFree(ctx, plain.name, t.project_id, t.id);
    Object.assign(t, stripUndefined(plain));
    if (default_configuration) t.default_configuration = { ...default_configuration };
    if (port_mappings) t.port_mappings = port_mappings.map((p) => ({ ...p, required: true }));
    t.resource_limits = limits;
    t.version = version ?? bumpPatch(t.version);
    t.version_notes = version_notes ?? null;
    t.updated_at = iso(now);
    ctx.store.touch(AREA, clusterRecord.template(t.id));
    return ok(templateView(t), requestId);
  }),
  defineRoute(ops['clusters.templates.delete'], (ctx, { params, now, requestId }) => {
    const t = templateOr404(ctx, params.template_id);
    if (t.official) throw officialReadOnly(t.id, 'delete');
    const list = clustersState(ctx.store).templates;
    list.splice(list.indexOf(t), 1);
    ctx.store.touch(AREA, clusterRecord.template(t.id));
    return ok({ id: t.id, deleted: true as const, deleted_at: iso(now) }, requestId);
  }),
];
