// Port mappings (02-clusters.md, Proxy and ports): create (external port auto-assigned when
// omitted, unique per cluster), partial update, delete. Create answers 201 with the mapping.
import { clustersOperations as ops } from '../../../../../shared/api/clusters/operations';
import { validationError } from '../../../core/errors';
import { randomId } from '../../../core/ids';
import { defineRoute } from '../../../core/route-def';
import { iso, ok, stripUndefined } from '../envelope';
import { noFreePort, portConflict } from '../errors';
import { clusterOr404, portOr404 } from '../lookup';
import { AUTO_PORT_RANGE, freeExternalPort, portView } from './view';
import { clusterRecord } from '../records';
import { AREA, type StoredCluster, type StoredPort } from '../state';

/** The external port to use: the one asked for when free, else the lowest free one of the auto range. */
export function claimExternalPort(c: StoredCluster, requested: number | undefined, ignorePortId?: string, taken?: Set<number>): number {
  const used = taken ?? new Set(c.ports.filter((p) => p.id !== ignorePortId).map((p) => p.external_port));
  if (requested !== undefined && requested !== 0) {
    if (used.has(requested)) {
      const holder = c.ports.find((p) => p.external_port === requested && p.id !== ignorePortId);
      throw portConflict(requested, holder ?? null);
    }
    return requested;
  }
  const free = freeExternalPort(c, used);
  if (free === null) throw noFreePort(AUTO_PORT_RANGE);
  return free;
}

export function newPort(
  c: StoredCluster,
  fields: Pick<StoredPort, 'internal_port' | 'external_port' | 'protocol' | 'description'>,
  now: number,
): StoredPort {
  return {
    id: randomId('port_'),
    ...fields,
    health_check: { enabled: true, path: '/', interval_seconds: 30, timeout_seconds: 5 },
    health: 'healthy',
    consecutive_failures: 0,
    access_control: { authentication_required: true, allowed_users: [], ip_whitelist: [], rate_limit: null, public_access: false },
    custom_domain: null,
    stats: { total_requests: 0, unique_visitors: 0, avg_response_time_ms: 0, last_accessed: null },
    created_at: now,
    updated_at: now,
  };
}

export const portRoutes = [
  defineRoute(
    ops['clusters.ports.create'],
    (ctx, { params, body, now, requestId }) => {
      const c = clusterOr404(ctx.store, params.cluster_id);
      const external = claimExternalPort(c, body.external_port);
      const port = newPort(
        c,
        { internal_port: body.internal_port, external_port: external, protocol: body.protocol, description: body.description },
        now,
      );
      if (body.health_check) port.health_check = { ...body.health_check };
      if (body.access_control) Object.assign(port.access_control, stripUndefined(body.access_control));
      if (body.custom_domain !== undefined) port.custom_domain = body.custom_domain.toLowerCase();
      c.ports.push(port);
      c.proxy.updated_at = now;
      ctx.store.touch(AREA, clusterRecord.cluster(c.id));
      return ok(portView(c, port, now, true), requestId);
    },
    201,
  ),
  defineRoute(ops['clusters.ports.update'], (ctx, { params, body, now, requestId }) => {
    const c = clusterOr404(ctx.store, params.cluster_id);
    const port = portOr404(c, params.port_id);
    if (body.health_check) {
      const merged = { ...port.health_check, ...stripUndefined(body.health_check) };
      if (merged.timeout_seconds >= merged.interval_seconds) {
        throw validationError(
          'health_check.timeout_seconds',
          `the timeout (${merged.timeout_seconds} s) is shorter than the interval (${merged.interval_seconds} s)`,
        );
      }
      port.health_check = merged;
    }
    if (body.description !== undefined) port.description = body.description;
    if (body.access_control) Object.assign(port.access_control, stripUndefined(body.access_control));
    port.updated_at = now;
    ctx.store.touch(AREA, clusterRecord.cluster(c.id));
    return ok(portView(c, port, now, true), requestId);
  }),
  defineRoute(ops['clusters.ports.delete'], (ctx, { params, now, requestId }) => {
    const c = clusterOr404(ctx.store, params.cluster_id);
    const port = portOr404(c, params.port_id);
    c.ports.splice(c.ports.indexOf(port), 1);
    c.proxy.updated_at = now;
    ctx.store.touch(AREA, clusterRecord.cluster(c.id));
    return ok({ id: port.id, deleted: true as const, deleted_at: iso(now) }, requestId);
  }),
];
