// Cluster-area codes for some validation failures (shared/api/clusters/errors.ts): a
// malformed id names nothing (404 of its kind), a malformed address in an IP list is
// INVALID_IP_ADDRESS. Everything else stays VALIDATION_ERROR.
import type { z } from 'zod';
import type { ClusterErrorCode } from '../../../../shared/api/clusters/errors';
import { ClusterApiError, echo } from '../../core/errors';

const NOT_FOUND: Record<string, [ClusterErrorCode, string]> = {
  cluster_id: ['CLUSTER_NOT_FOUND', 'No cluster with this id'],
  port_id: ['PORT_NOT_FOUND', 'No port mapping with this id on the cluster'],
  secret_name: ['SECRET_NOT_FOUND', 'No secret of this name on the cluster'],
  template_id: ['TEMPLATE_NOT_FOUND', 'No template with this id'],
};
const IP_LISTS = new Set(['ip_whitelist', 'blocked_ips']);

export function clusterIssueError(where: 'params' | 'query' | 'body', issue: z.core.$ZodIssue, value: unknown): ClusterApiError | null {
  const head = issue.path[0];
  if (where === 'params' && typeof head === 'string' && NOT_FOUND[head]) {
    const [code, message] = NOT_FOUND[head];
    const received = typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[head] : undefined;
    return new ClusterApiError(404, code, message, { [head]: echo(received) });
  }
  const parent = issue.path[issue.path.length - 2];
  if (issue.code === 'invalid_union' && typeof parent === 'string' && IP_LISTS.has(parent)) {
    let received: unknown = value;
    for (const p of issue.path)
      received =
        typeof received === 'object' && received !== null ? (received as Record<PropertyKey, unknown>)[p as PropertyKey] : undefined;
    const field = issue.path.map(String).join('.');
    return new ClusterApiError(400, 'INVALID_IP_ADDRESS', `Invalid ${field}: not an IPv4/IPv6 address or CIDR range`, {
      field,
      value: echo(received),
      reason: 'an IPv4 or IPv6 address, or a CIDR range such as 10.0.0.0/8',
    });
  }
  return null;
}
