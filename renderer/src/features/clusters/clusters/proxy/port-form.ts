// The add/edit port form as plain data, and its translation into the create or update
// request, validated by the shared schemas (the ones the bridge and the emulator use).
import { PORT_MAX, PORT_MIN, type Protocol } from '../../../../../../shared/api/clusters/common';
import {
  CreatePortMappingRequest,
  HEALTH_INTERVAL_MAX,
  HEALTH_INTERVAL_MIN,
  HEALTH_TIMEOUT_MAX,
  HEALTH_TIMEOUT_MIN,
  HealthCheckInput,
  RATE_LIMIT_BURST_MAX,
  RATE_LIMIT_RPM_MAX,
  UpdatePortMappingRequest,
  type PortMapping,
} from '../../../../../../shared/api/clusters/ports';
import type { NormalizedError } from '../../../../../../shared/api/errors';
import { placeApiError } from '../../../../components/form/api-error-fields';
import type { FormResult } from '../../../../components/form/form-result';
import { fieldErrors, labelled, plainMessage, type FieldLabels, type IssueToField } from '../../../../components/form/field-errors';
import type { ServerFieldError } from '../../../../components/form/use-validated-form';
import { ipEntries, ipEntryErrors, parseWhole, rangeMessage, type Errors } from './form-helpers';

export interface PortForm {
  internalPort: string;
  /** Blank: the proxy assigns a free port. */
  externalPort: string;
  protocol: Protocol;
  description: string;
  customDomain: string;
  healthEnabled: boolean;
  healthPath: string;
  healthInterval: string;
  healthTimeout: string;
  authenticationRequired: boolean;
  allowedUsers: string[];
  ipWhitelist: string[];
  rateLimitEnabled: boolean;
  requestsPerMinute: string;
  burstSize: string;
  publicAccess: boolean;
}

/** The health check the schema applies when none is given. */
const healthDefaults = HealthCheckInput.parse({});
export const emptyPortForm = (): PortForm => ({
  internalPort: '',
  externalPort: '',
  protocol: 'tcp',
  description: '',
  customDomain: '',
  healthEnabled: healthDefaults.enabled,
  healthPath: healthDefaults.path,
  healthInterval: String(healthDefaults.interval_seconds),
  healthTimeout: String(healthDefaults.timeout_seconds),
  authenticationRequired: true,
  allowedUsers: [],
  ipWhitelist: [],
  rateLimitEnabled: false,
  requestsPerMinute: '600',
  burstSize: '50',
  publicAccess: false,
});

export function portFormFrom(port: PortMapping): PortForm {
  const ac = port.access_control;
  return {
    internalPort: String(port.internal_port),
    externalPort: String(port.external_port),
    protocol: port.protocol,
    description: port.description,
    customDomain: port.custom_domain ?? '',
    healthEnabled: port.health_check.enabled,
    healthPath: port.health_check.path,
    healthInterval: String(port.health_check.interval_seconds),
    healthTimeout: String(port.health_check.timeout_seconds),
    authenticationRequired: ac.authentication_required,
    allowedUsers: [...ac.allowed_users],
    ipWhitelist: [...ac.ip_whitelist],
    rateLimitEnabled: ac.rate_limit !== null,
    requestsPerMinute: String(ac.rate_limit?.requests_per_minute ?? 600),
    burstSize: String(ac.rate_limit?.burst_size ?? 50),
    publicAccess: ac.public_access,
  };
}

export type PortFormResult<R> = FormResult<R, Errors>;

function accessControl(form: PortForm) {
  return {
    authentication_required: form.authenticationRequired,
    allowed_users: form.allowedUsers,
    ip_whitelist: ipEntries(form.ipWhitelist),
    rate_limit: form.rateLimitEnabled
      ? { requests_per_minute: parseWhole(form.requestsPerMinute), burst_size: parseWhole(form.burstSize) }
      : null,
    public_access: form.publicAccess,
  };
}

function healthCheck(form: PortForm) {
  return {
    enabled: form.healthEnabled,
    path: form.healthPath.trim(),
    interval_seconds: parseWhole(form.healthInterval),
    timeout_seconds: parseWhole(form.healthTimeout),
  };
}

/** Request paths (create or update) → the form's fields. */
const PORT_FIELDS: Readonly<Record<string, keyof PortForm>> = {
  internal_port: 'internalPort',
  external_port: 'externalPort',
  description: 'description',
  custom_domain: 'customDomain',
  protocol: 'protocol',
  'health_check.path': 'healthPath',
  'health_check.interval_seconds': 'healthInterval',
  'health_check.timeout_seconds': 'healthTimeout',
  'access_control.rate_limit.requests_per_minute': 'requestsPerMinute',
  'access_control.rate_limit.burst_size': 'burstSize',
  'access_control.ip_whitelist': 'ipWhitelist',
  'access_control.allowed_users': 'allowedUsers',
  'access_control.authentication_required': 'authenticationRequired',
  'access_control.public_access': 'publicAccess',
};

/** The dialog's labels, for a message that has to name its field. */
export const PORT_LABELS: FieldLabels = {
  internalPort: 'Internal port',
  externalPort: 'External port',
  description: 'Description',
  customDomain: 'Custom domain',
  protocol: 'Protocol',
  healthPath: 'Health-check path',
  healthInterval: 'Health-check interval',
  healthTimeout: 'Health-check timeout',
  requestsPerMinute: 'Requests per minute',
  burstSize: 'Burst size',
  ipWhitelist: 'IP allow-list',
  allowedUsers: 'Allowed users',
};

/** A request path to the form's error key: `access_control.ip_whitelist.2` → `ip.2` (the row), others by PORT_FIELDS. */
function portErrorKey(path: string): string | undefined {
  const ip = /^access_control\.ip_whitelist\.(\d+)$/.exec(path);
  if (ip) return `ip.${ip[1]}`;
  if (PORT_FIELDS[path]) return PORT_FIELDS[path];
  const parent = Object.keys(PORT_FIELDS).find((p) => path.startsWith(`${p}.`));
  return parent && PORT_FIELDS[parent];
}

/** Schema paths (create or update) to the form's fields, in the form's words. */
const fieldFor: IssueToField = (path, issue) => {
  if (path === 'internal_port') return ['internalPort', rangeMessage(issue, 'The internal port', PORT_MIN, PORT_MAX, { grouping: false })];
  if (path === 'external_port') return ['externalPort', rangeMessage(issue, 'The external port', PORT_MIN, PORT_MAX, { grouping: false })];
  if (path === 'description') return ['description', issue.code === 'invalid_type' ? 'A description is required' : plainMessage(issue)];
  if (path === 'protocol') return ['protocol', 'TCP or UDP'];
  if (path === 'health_check.interval_seconds')
    return ['healthInterval', rangeMessage(issue, 'The interval', HEALTH_INTERVAL_MIN, HEALTH_INTERVAL_MAX)];
  if (path === 'health_check.timeout_seconds')
    return [
      'healthTimeout',
      issue.code === 'custom' ? plainMessage(issue) : rangeMessage(issue, 'The timeout', HEALTH_TIMEOUT_MIN, HEALTH_TIMEOUT_MAX),
    ];
  if (path === 'access_control.rate_limit.requests_per_minute')
    return ['requestsPerMinute', rangeMessage(issue, 'Requests per minute', 1, RATE_LIMIT_RPM_MAX)];
  if (path === 'access_control.rate_limit.burst_size') return ['burstSize', rangeMessage(issue, 'The burst size', 1, RATE_LIMIT_BURST_MAX)];
  // The IP rows carry their own messages (withIpErrors); the list as a whole shows the rest.
  if (path.startsWith('access_control.ip_whitelist')) return ['ipWhitelist', plainMessage(issue)];
  const key = portErrorKey(path);
  if (key) return [key, plainMessage(issue, { label: PORT_LABELS[key] })];
  return ['form', labelled(PORT_LABELS[path] ?? 'The request', plainMessage(issue))];
};

/** Which mapping holds an external port: "6006 → 30001, TensorBoard" (from the error's details, else the cluster's list). */
function holderOf(error: NormalizedError, ports: readonly PortMapping[]): string | null {
  const d = error.details ?? {};
  const external = typeof d.external_port === 'number' ? d.external_port : null;
  const known = ports.find((p) => p.id === d.port_id) ?? ports.find((p) => p.external_port === external);
  const internal = typeof d.internal_port === 'number' ? d.internal_port : known?.internal_port;
  const description = typeof d.description === 'string' ? d.description : known?.description;
  if (external === null || internal === undefined) return null;
  return `${internal} → ${external}${description ? `, ${description}` : ''}`;
}

/** PORT_CONFLICT on the external port, naming the mapping that holds it; other refused fields on theirs. */
export function portApiErrorFields(error: NormalizedError, ports: readonly PortMapping[]): ServerFieldError<PortForm>[] | null {
  return placeApiError<PortForm>(error, {
    members: Object.fromEntries(Object.values(PORT_FIELDS).map((k) => [k, k])),
    memberOf: (key) => (key.startsWith('ip.') ? 'ipWhitelist' : undefined),
    rename: (path) => portErrorKey(path) ?? path,
    codes: {
      PORT_CONFLICT: (e) => {
        if (e.details?.reason === 'no_free_port') {
          const range = Array.isArray(e.details.range) ? ` (${e.details.range.join('–')})` : '';
          return { key: 'externalPort', message: `No external port is left to assign automatically${range}; enter a free one` };
        }
        const holder = holderOf(e, ports);
        const port = typeof e.details?.external_port === 'number' ? e.details.external_port : 'This port';
        return {
          key: 'externalPort',
          message: `${port} is taken${holder ? ` by ${holder}` : ''}. Leave it blank to assign a free port automatically`,
        };
      },
    },
  });
}

function withIpErrors(errors: Errors, form: PortForm): Errors {
  ipEntryErrors(form.ipWhitelist).forEach((message, i) => {
    if (message) errors[`ip.${i}`] = message;
  });
  // Per-entry messages say it better than the list-level one.
  if (Object.keys(errors).some((k) => k.startsWith('ip.'))) delete errors.ipWhitelist;
  return errors;
}

export function toCreatePortRequest(form: PortForm): PortFormResult<CreatePortMappingRequest> {
  const candidate = {
    internal_port: parseWhole(form.internalPort),
    ...(form.externalPort.trim() !== '' ? { external_port: parseWhole(form.externalPort) } : {}),
    protocol: form.protocol,
    description: form.description,
    health_check: healthCheck(form),
    access_control: accessControl(form),
    ...(form.customDomain.trim() !== '' ? { custom_domain: form.customDomain.trim() } : {}),
  };
  const parsed = CreatePortMappingRequest.safeParse(candidate);
  const errors = withIpErrors(parsed.success ? {} : fieldErrors(parsed.error.issues, fieldFor), form);
  if (!parsed.success || Object.keys(errors).length > 0) return { ok: false, errors };
  // Send the input as typed, not the parsed output: defaults are the API's to apply.
  return { ok: true, request: candidate as CreatePortMappingRequest };
}

export function toUpdatePortRequest(form: PortForm): PortFormResult<UpdatePortMappingRequest> {
  const candidate = { description: form.description, health_check: healthCheck(form), access_control: accessControl(form) };
  const parsed = UpdatePortMappingRequest.safeParse(candidate);
  const errors = withIpErrors(parsed.success ? {} : fieldErrors(parsed.error.issues, fieldFor), form);
  if (!parsed.success || Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, request: candidate as UpdatePortMappingRequest };
}

/** One line for the table: who may reach the port. */
export function accessSummary(ac: PortMapping['access_control']): string[] {
  const parts: string[] = [];
  if (ac.public_access) parts.push('Public');
  else if (ac.authentication_required)
    parts.push(
      ac.allowed_users.length > 0 ? `Auth · ${ac.allowed_users.length} user${ac.allowed_users.length === 1 ? '' : 's'}` : 'Auth required',
    );
  else parts.push('No auth');
  if (ac.ip_whitelist.length > 0) parts.push(`${ac.ip_whitelist.length} IP${ac.ip_whitelist.length === 1 ? '' : 's'}`);
  if (ac.rate_limit) parts.push(`${ac.rate_limit.requests_per_minute.toLocaleString('en-US')}/min`);
  return parts;
}
