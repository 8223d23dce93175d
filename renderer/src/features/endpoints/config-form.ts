// The configuration editor's form as plain data; its reading into an update request checked by
// the shared schema (only what changed is sent), the checks between fields the server makes on
// the merged configuration, the change as a diff (old → new per field), and where the server's
// INVALID_CONFIGURATION lands. Error keys are the request's dotted paths (`autoScaling.minWorkers`),
// so the server's `details.field` names them as they are.
import { z } from 'zod';
import { ENDPOINT_LIMITS, ENV_NAME_PATTERN, type EndpointConfiguration } from '../../../../shared/api/endpoints/common';
import { UpdateEndpointRequest } from '../../../../shared/api/endpoints/endpoint';
import type { NormalizedError } from '../../../../shared/api/errors';
import { placeApiError } from '../../components/form/api-error-fields';
import { envRowsToRecord, type EnvRow } from '../../components/form/env-rows';
import { fieldErrors, formFields, type FieldLabels } from '../../components/form/field-errors';
import type { FieldErrors, FormResult } from '../../components/form/form-result';
import type { ServerFieldError } from '../../components/form/use-validated-form';

type AutoScalingKey = keyof EndpointConfiguration['autoScaling'];
const NUMBER_FIELDS = ['workerCount', 'maxConcurrency', 'timeoutSeconds'] as const;
const AUTO_NUMBER_FIELDS = ['minWorkers', 'maxWorkers', 'targetUtilization', 'scaleUpCooldown', 'scaleDownCooldown'] as const;
type NumberField = (typeof NUMBER_FIELDS)[number] | (typeof AUTO_NUMBER_FIELDS)[number];

export interface ConfigForm {
  workerCount: string;
  maxConcurrency: string;
  timeoutSeconds: string;
  environment: EnvRow[];
  autoScalingEnabled: boolean;
  minWorkers: string;
  maxWorkers: string;
  targetUtilization: string;
  scaleUpCooldown: string;
  scaleDownCooldown: string;
}

export const CONFIG_LABELS: FieldLabels = {
  workerCount: 'Workers',
  maxConcurrency: 'Concurrent requests per worker',
  timeoutSeconds: 'Request timeout',
  environmentVariables: 'Environment variables',
  'autoScaling.enabled': 'Auto-scaling',
  'autoScaling.minWorkers': 'Minimum workers',
  'autoScaling.maxWorkers': 'Maximum workers',
  'autoScaling.targetUtilization': 'Target utilisation',
  'autoScaling.scaleUpCooldown': 'Scale-up cooldown',
  'autoScaling.scaleDownCooldown': 'Scale-down cooldown',
};

/** The error key of a form member (and the request path it is sent as). */
const errorKey = (field: NumberField): string => ((NUMBER_FIELDS as readonly string[]).includes(field) ? field : `autoScaling.${field}`);

export function formFromConfiguration(c: EndpointConfiguration): ConfigForm {
  return {
    workerCount: String(c.workerCount),
    maxConcurrency: String(c.maxConcurrency),
    timeoutSeconds: String(c.timeoutSeconds),
    environment: Object.entries(c.environmentVariables).map(([key, value]) => ({ key, value })),
    autoScalingEnabled: c.autoScaling.enabled,
    minWorkers: String(c.autoScaling.minWorkers),
    maxWorkers: String(c.autoScaling.maxWorkers),
    targetUtilization: String(c.autoScaling.targetUtilization),
    scaleUpCooldown: String(c.autoScaling.scaleUpCooldown),
    scaleDownCooldown: String(c.autoScaling.scaleDownCooldown),
  };
}

/** A typed number; NaN for anything else, so the schema says "A whole number". */
const toNumber = (s: string): number => (/^\s*-?\d+(\.\d+)?\s*$/.test(s) ? Number(s) : Number.NaN);

const toField = formFields({
  schema: UpdateEndpointRequest,
  labels: CONFIG_LABELS,
  shown: [...NUMBER_FIELDS, ...AUTO_NUMBER_FIELDS.map((f) => `autoScaling.${f}`)],
  rename: (path) => (path.startsWith('environmentVariables.') ? 'environmentVariables' : path),
});

const sameRecord = (a: Record<string, string>, b: Record<string, string>) =>
  Object.keys(a).length === Object.keys(b).length && Object.entries(a).every(([k, v]) => b[k] === v);

const EndpointEnvName = z.string().regex(ENV_NAME_PATTERN, 'letters, digits and _, not starting with a digit');

/**
 * The update request with only what differs from `current`, or the errors by field. Nothing
 * changed is an error on the form as a whole: an update restarts workers for nothing.
 */
export function validateConfigForm(form: ConfigForm, current: EndpointConfiguration): FormResult<UpdateEndpointRequest> {
  const errors: FieldErrors = {};
  const environmentVariables = envRowsToRecord(form.environment, errors, EndpointEnvName);
  const full = {
    workerCount: toNumber(form.workerCount),
    maxConcurrency: toNumber(form.maxConcurrency),
    timeoutSeconds: toNumber(form.timeoutSeconds),
    environmentVariables,
    autoScaling: {
      enabled: form.autoScalingEnabled,
      minWorkers: toNumber(form.minWorkers),
      maxWorkers: toNumber(form.maxWorkers),
      targetUtilization: toNumber(form.targetUtilization),
      scaleUpCooldown: toNumber(form.scaleUpCooldown),
      scaleDownCooldown: toNumber(form.scaleDownCooldown),
    },
  };
  const parsed = UpdateEndpointRequest.safeParse(full);
  if (!parsed.success) fieldErrors(parsed.error.issues, toField, errors);
  for (const f of [...NUMBER_FIELDS, ...AUTO_NUMBER_FIELDS]) if (form[f].trim() === '') errors[errorKey(f)] = 'Required';

  // The server's checks on the merged configuration, in the same order (docs/decisions.md, Endpoints: update).
  const a = full.autoScaling;
  if (!errors['autoScaling.minWorkers'] && !errors['autoScaling.maxWorkers'] && a.minWorkers > a.maxWorkers)
    errors['autoScaling.minWorkers'] = `At most the maximum workers (${a.maxWorkers})`;
  else if (a.enabled && !errors.workerCount && !errors['autoScaling.minWorkers'] && !errors['autoScaling.maxWorkers']) {
    if (full.workerCount > a.maxWorkers || full.workerCount < a.minWorkers)
      errors.workerCount = `${a.minWorkers} to ${a.maxWorkers} while auto-scaling is on`;
  }
  if (Object.keys(errors).length) return { ok: false, errors };

  const request: UpdateEndpointRequest = {};
  for (const f of NUMBER_FIELDS) if (full[f] !== current[f]) request[f] = full[f];
  if (!sameRecord(environmentVariables, current.environmentVariables)) request.environmentVariables = environmentVariables;
  const auto: Partial<EndpointConfiguration['autoScaling']> = {};
  for (const k of Object.keys(a) as AutoScalingKey[]) if (a[k] !== current.autoScaling[k]) Object.assign(auto, { [k]: a[k] });
  if (Object.keys(auto).length) request.autoScaling = auto;
  if (Object.keys(request).length === 0) return { ok: false, errors: { form: 'Nothing has changed yet: edit a field to apply.' } };
  return { ok: true, request };
}

export interface ConfigChange {
  /** The error key / request path, e.g. `autoScaling.maxWorkers` or `environmentVariables.HF_TOKEN`. */
  key: string;
  /** The form's label of the field (CONFIG_LABELS), or `env <NAME>` for a variable. */
  label: string;
  from: string;
  to: string;
  /** A secret variable: its values are masked, never shown. */
  masked?: true;
}

const SHOWN_UNIT: Partial<Record<string, string>> = {
  timeoutSeconds: ' s',
  'autoScaling.targetUtilization': '%',
  'autoScaling.scaleUpCooldown': ' s',
  'autoScaling.scaleDownCooldown': ' s',
};

const shown = (key: string, v: unknown) =>
  typeof v === 'boolean' ? (v ? 'on' : 'off') : `${typeof v === 'number' ? v.toLocaleString('en-US') : String(v)}${SHOWN_UNIT[key] ?? ''}`;

/** @internal Exported for its tests only. What a masked value reads as. */
export const MASKED_VALUE = '••••••••';
/** Names that hold credentials: a name part such as TOKEN, SECRET, PASSWORD, KEY or CREDENTIALS (HF_TOKEN, AWS_SECRET_ACCESS_KEY). */
const SECRET_NAME = /(^|_)(TOKEN|SECRET|PASSWORD|PASSWD|PWD|KEY|APIKEY|CREDENTIALS?|AUTH|PRIVATE|SIGNATURE|SALT|CERT)(_|$)/i;
/** A URL with a password in it (`postgres://user:pass@host`). */
const CREDENTIAL_URL = /^[a-z][a-z0-9+.-]*:\/\/[^/@\s:]*:[^/@\s]+@/i;

/**
 * @internal Exported for its tests only. Whether a variable is a secret: its name says it
 * holds a credential, or either value is a URL with a password.
 */
export function isSecretVariable(name: string, ...values: Array<string | undefined>): boolean {
  return SECRET_NAME.test(name) || values.some((v) => v !== undefined && CREDENTIAL_URL.test(v));
}

function variableChange(name: string, a: string | undefined, b: string | undefined): ConfigChange {
  const key = `environmentVariables.${name}`;
  const label = `env ${name}`;
  if (isSecretVariable(name, a, b))
    return {
      key,
      label,
      from: a === undefined ? '—' : MASKED_VALUE,
      to: b === undefined ? 'removed' : a === undefined ? `${MASKED_VALUE} (added)` : `${MASKED_VALUE} (changed)`,
      masked: true,
    };
  return { key, label, from: a === undefined ? '—' : JSON.stringify(a), to: b === undefined ? 'removed' : JSON.stringify(b) };
}

/**
 * The request as a change of `current`, field by field, old → new, in the form's labels.
 * Variables show their values, quoted, except secrets (isSecretVariable), whose values are
 * masked: the review and the rollout banner may be on a shared screen.
 */
export function configDiff(current: EndpointConfiguration, request: UpdateEndpointRequest): ConfigChange[] {
  const out: ConfigChange[] = [];
  for (const f of NUMBER_FIELDS) {
    const to = request[f];
    if (to !== undefined && to !== current[f]) out.push({ key: f, label: CONFIG_LABELS[f]!, from: shown(f, current[f]), to: shown(f, to) });
  }
  const env = request.environmentVariables;
  if (env) {
    const before = current.environmentVariables;
    for (const name of [...new Set([...Object.keys(before), ...Object.keys(env)])].sort()) {
      const [a, b] = [before[name], env[name]];
      if (a !== b) out.push(variableChange(name, a, b));
    }
  }
  for (const [k, to] of Object.entries(request.autoScaling ?? {})) {
    const key = `autoScaling.${k}`;
    const from = current.autoScaling[k as AutoScalingKey];
    if (to !== from) out.push({ key, label: CONFIG_LABELS[key]!, from: shown(key, from), to: shown(key, to) });
  }
  return out;
}

const MEMBER_OF_KEY: Readonly<Record<string, keyof ConfigForm>> = {
  workerCount: 'workerCount',
  maxConcurrency: 'maxConcurrency',
  timeoutSeconds: 'timeoutSeconds',
  'autoScaling.minWorkers': 'minWorkers',
  'autoScaling.maxWorkers': 'maxWorkers',
  'autoScaling.targetUtilization': 'targetUtilization',
  'autoScaling.scaleUpCooldown': 'scaleUpCooldown',
  'autoScaling.scaleDownCooldown': 'scaleDownCooldown',
};

function limitOf(key: string): { minimum: number; maximum: number } | undefined {
  const limit: unknown = (ENDPOINT_LIMITS as Record<string, unknown>)[key.replace(/^autoScaling\./, '')];
  return limit && typeof limit === 'object' && 'minimum' in limit ? (limit as { minimum: number; maximum: number }) : undefined;
}

/** INVALID_CONFIGURATION {field, value, maximum | minimum} in the form's words: the range, or the bound between fields. */
function invalidConfigurationMessage(details: Record<string, unknown>): string | null {
  const field = typeof details.field === 'string' ? details.field : '';
  const max = typeof details.maximum === 'number' ? details.maximum : undefined;
  const min = typeof details.minimum === 'number' ? details.minimum : undefined;
  const range = limitOf(field);
  if (range && (max === range.maximum || min === range.minimum))
    return `${range.minimum.toLocaleString('en-US')} to ${range.maximum.toLocaleString('en-US')}`;
  if (field === 'autoScaling.minWorkers' && max !== undefined) return `At most the maximum workers (${max})`;
  if (field === 'workerCount' && max !== undefined) return `At most ${max} while auto-scaling is on (its maximum workers)`;
  if (field === 'workerCount' && min !== undefined) return `At least ${min} while auto-scaling is on (its minimum workers)`;
  if (max !== undefined) return `At most ${max.toLocaleString('en-US')}`;
  if (min !== undefined) return `At least ${min.toLocaleString('en-US')}`;
  return null;
}

/** The server's refusal on the field it names (INVALID_CONFIGURATION, VALIDATION_ERROR), or null for the dialog's alert. */
export function placeConfigError(error: NormalizedError): ServerFieldError<ConfigForm>[] | null {
  return placeApiError<ConfigForm>(error, {
    members: MEMBER_OF_KEY,
    codes: {
      INVALID_CONFIGURATION: (e) => {
        const field = typeof e.details?.field === 'string' ? e.details.field : null;
        const message = invalidConfigurationMessage(e.details ?? {});
        return field && message ? { key: field, message } : null;
      },
    },
  });
}
