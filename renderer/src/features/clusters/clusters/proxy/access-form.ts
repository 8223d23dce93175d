// The proxy-wide access-control form (PUT /proxy/access) as plain data, validated with the
// shared UpdateProxyAccessRequest schema; and the network-configuration form (PUT /proxy).
import {
  GLOBAL_LIMIT_MAX,
  MAX_SESSIONS_MAX,
  SESSION_TIMEOUT_MAX,
  SESSION_TIMEOUT_MIN,
  UpdateProxyAccessRequest,
  type ProxyAccessControl,
  type NetworkConfiguration,
  type UpdateProxyRequest,
} from '../../../../../../shared/api/clusters/proxy';
import type { NormalizedError } from '../../../../../../shared/api/errors';
import { placeApiError } from '../../../../components/form/api-error-fields';
import type { FormResult } from '../../../../components/form/form-result';
import { fieldErrors, labelled, plainMessage, type FieldLabels } from '../../../../components/form/field-errors';
import type { ServerFieldError } from '../../../../components/form/use-validated-form';
import { ipEntries, ipEntryErrors, parseWhole, rangeMessage, type Errors } from './form-helpers';

type XFrame = ProxyAccessControl['security_headers']['x_frame_options'];

export interface AccessForm {
  defaultAuthentication: boolean;
  sessionTimeout: string;
  maxSessions: string;
  ipWhitelist: string[];
  blockedIps: string[];
  globalRpm: string;
  globalBurst: string;
  userRpm: string;
  userBurst: string;
  hsts: boolean;
  csp: string;
  xFrameOptions: XFrame;
}

export function accessFormFrom(ac: ProxyAccessControl): AccessForm {
  const rl = ac.rate_limiting;
  return {
    defaultAuthentication: ac.default_authentication,
    sessionTimeout: String(ac.session_timeout_minutes),
    maxSessions: String(ac.max_concurrent_sessions),
    ipWhitelist: [...ac.ip_whitelist],
    blockedIps: [...ac.blocked_ips],
    globalRpm: String(rl.global_limit.requests_per_minute),
    globalBurst: String(rl.global_limit.burst_size),
    userRpm: String(rl.per_user_limit.requests_per_minute),
    userBurst: String(rl.per_user_limit.burst_size),
    hsts: ac.security_headers.hsts_enabled,
    csp: ac.security_headers.content_security_policy,
    xFrameOptions: ac.security_headers.x_frame_options,
  };
}

const FIELD: Record<string, [string, string, number, number]> = {
  session_timeout_minutes: ['sessionTimeout', 'The session timeout', SESSION_TIMEOUT_MIN, SESSION_TIMEOUT_MAX],
  max_concurrent_sessions: ['maxSessions', 'Concurrent sessions', 1, MAX_SESSIONS_MAX],
  'rate_limiting.global_limit.requests_per_minute': ['globalRpm', 'Requests per minute', 1, GLOBAL_LIMIT_MAX],
  'rate_limiting.global_limit.burst_size': ['globalBurst', 'The burst size', 1, 100_000],
  'rate_limiting.per_user_limit.requests_per_minute': ['userRpm', 'Requests per minute', 1, 100_000],
  'rate_limiting.per_user_limit.burst_size': ['userBurst', 'The burst size', 1, 10_000],
};

/** The dialog's labels, for a message that has to name its field. */
export const ACCESS_LABELS: FieldLabels = {
  sessionTimeout: 'Session timeout',
  maxSessions: 'Concurrent sessions',
  globalRpm: 'Global requests per minute',
  globalBurst: 'Global burst',
  userRpm: 'Per-user requests per minute',
  userBurst: 'Per-user burst',
  ipWhitelist: 'IP allow-list',
  blockedIps: 'Blocked addresses',
  csp: 'Content-Security-Policy',
};

/** A request path to the form's error key: `ip_whitelist.2` → `allow.2` (the row), `rate_limiting…` → its field. */
function accessErrorKey(path: string): string | undefined {
  const row = /^(ip_whitelist|blocked_ips)\.(\d+)$/.exec(path);
  if (row) return `${row[1] === 'ip_whitelist' ? 'allow' : 'block'}.${row[2]}`;
  if (FIELD[path]) return FIELD[path][0];
  if (path.startsWith('ip_whitelist')) return 'ipWhitelist';
  if (path.startsWith('blocked_ips')) return 'blockedIps';
  if (path.startsWith('security_headers.content_security_policy')) return 'csp';
  return undefined;
}

/** A refused field on its field (e.g. the per-user limit above the global one, an invalid address on its row). */
export function accessApiErrorFields(error: NormalizedError): ServerFieldError<AccessForm>[] | null {
  const fields = [
    'sessionTimeout',
    'maxSessions',
    'globalRpm',
    'globalBurst',
    'userRpm',
    'userBurst',
    'ipWhitelist',
    'blockedIps',
    'csp',
  ] as const;
  return placeApiError<AccessForm>(error, {
    members: Object.fromEntries(fields.map((k) => [k, k])),
    memberOf: (key) => (key.startsWith('allow.') ? 'ipWhitelist' : key.startsWith('block.') ? 'blockedIps' : undefined),
    rename: (path) => accessErrorKey(path) ?? path,
  });
}

export type AccessFormResult = FormResult<UpdateProxyAccessRequest, Errors>;

export function toAccessRequest(form: AccessForm): AccessFormResult {
  const candidate = {
    default_authentication: form.defaultAuthentication,
    session_timeout_minutes: parseWhole(form.sessionTimeout),
    max_concurrent_sessions: parseWhole(form.maxSessions),
    ip_whitelist: ipEntries(form.ipWhitelist),
    blocked_ips: ipEntries(form.blockedIps),
    rate_limiting: {
      global_limit: { requests_per_minute: parseWhole(form.globalRpm), burst_size: parseWhole(form.globalBurst) },
      per_user_limit: { requests_per_minute: parseWhole(form.userRpm), burst_size: parseWhole(form.userBurst) },
    },
    security_headers: { hsts_enabled: form.hsts, content_security_policy: form.csp, x_frame_options: form.xFrameOptions },
  };
  const parsed = UpdateProxyAccessRequest.safeParse(candidate);
  const errors = parsed.success
    ? {}
    : fieldErrors(parsed.error.issues, (path, issue) => {
        const f = FIELD[path];
        if (f) return [f[0], issue.code === 'custom' ? plainMessage(issue) : rangeMessage(issue, f[1], f[2], f[3])];
        // The rows carry their own messages (below); the list as a whole shows the rest.
        if (path.startsWith('ip_whitelist')) return ['ipWhitelist', plainMessage(issue)];
        if (path.startsWith('blocked_ips')) return ['blockedIps', plainMessage(issue)];
        const key = accessErrorKey(path);
        if (key) return [key, plainMessage(issue, { label: ACCESS_LABELS[key] })];
        return ['form', labelled('The request', plainMessage(issue))];
      });
  ipEntryErrors(form.ipWhitelist).forEach((m, i) => m && (errors[`allow.${i}`] = m));
  ipEntryErrors(form.blockedIps).forEach((m, i) => m && (errors[`block.${i}`] = m));
  if (Object.keys(errors).some((k) => k.startsWith('allow.'))) delete errors.ipWhitelist;
  if (Object.keys(errors).some((k) => k.startsWith('block.'))) delete errors.blockedIps;
  if (!parsed.success || Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, request: candidate as UpdateProxyAccessRequest };
}

/** The network form edits the whole configuration; every member is sent. */
export function toNetworkRequest(n: NetworkConfiguration): UpdateProxyRequest {
  return {
    load_balancer: { ...n.load_balancer },
    ssl_termination: n.ssl_termination,
    websocket_support: n.websocket_support,
    compression: { enabled: n.compression.enabled, algorithms: [...n.compression.algorithms] },
  };
}
