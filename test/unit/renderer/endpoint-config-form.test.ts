// The endpoint configuration editor's logic: the request holds only what changed, the ranges
// and the bounds between fields speak plain words on their field, the diff says old → new, and
// the server's INVALID_CONFIGURATION lands on the field it names.
import { describe, expect, it } from 'vitest';
import type { EndpointConfiguration } from '../../../shared/api/endpoints/common';
import type { NormalizedError } from '../../../shared/api/errors';
import {
  configDiff,
  formFromConfiguration,
  isSecretVariable,
  MASKED_VALUE,
  placeConfigError,
  validateConfigForm,
  type ConfigForm,
} from '../../../renderer/src/features/endpoints/config-form';
import { filterEndpoints } from '../../../renderer/src/features/endpoints/endpoint-logic';

const current: EndpointConfiguration = {
  workerCount: 4,
  maxConcurrency: 8,
  timeoutSeconds: 300,
  environmentVariables: { MODEL_DTYPE: 'bf16', HF_TOKEN: 'secret' },
  autoScaling: { enabled: false, minWorkers: 1, maxWorkers: 8, targetUtilization: 70, scaleUpCooldown: 60, scaleDownCooldown: 300 },
};
const form = (patch: Partial<ConfigForm> = {}): ConfigForm => ({ ...formFromConfiguration(current), ...patch });
const errorsOf = (f: ConfigForm) => {
  const r = validateConfigForm(f, current);
  return r.ok ? {} : r.errors;
};

describe('validateConfigForm', () => {
  it('sends only the fields that changed', () => {
    const r = validateConfigForm(form({ workerCount: '6', targetUtilization: '60' }), current);
    expect(r).toEqual({ ok: true, request: { workerCount: 6, autoScaling: { targetUtilization: 60 } } });
  });

  it('sends the whole set of variables when one changes (the update replaces the set)', () => {
    const environment = [...form().environment.filter((r) => r.key !== 'HF_TOKEN'), { key: 'cache_dir', value: '/tmp' }];
    const r = validateConfigForm(form({ environment }), current);
    expect(r).toEqual({ ok: true, request: { environmentVariables: { MODEL_DTYPE: 'bf16', cache_dir: '/tmp' } } });
  });

  it('refuses an unchanged form instead of restarting workers for nothing', () => {
    expect(errorsOf(form())).toEqual({ form: 'Nothing has changed yet: edit a field to apply.' });
  });

  it('says the range in plain words on the field', () => {
    expect(errorsOf(form({ workerCount: '51' }))).toEqual({ workerCount: '1 to 50' });
    expect(errorsOf(form({ timeoutSeconds: '5' }))).toEqual({ timeoutSeconds: '10 to 3,600' });
    expect(errorsOf(form({ targetUtilization: '95' }))).toEqual({ 'autoScaling.targetUtilization': '10 to 90' });
    expect(errorsOf(form({ maxConcurrency: '2.5' }))).toEqual({ maxConcurrency: 'A whole number' });
    expect(errorsOf(form({ workerCount: 'many' }))).toEqual({ workerCount: 'A whole number' });
    expect(errorsOf(form({ workerCount: ' ' }))).toEqual({ workerCount: 'Required' });
  });

  it('checks the bounds between fields as the server does on the merged configuration', () => {
    expect(errorsOf(form({ minWorkers: '9' }))).toEqual({ 'autoScaling.minWorkers': 'At most the maximum workers (8)' });
    expect(errorsOf(form({ autoScalingEnabled: true, workerCount: '12' }))).toEqual({ workerCount: '1 to 8 while auto-scaling is on' });
    // Off, the worker count is not bound by the auto-scaling range.
    expect(validateConfigForm(form({ workerCount: '12' }), current).ok).toBe(true);
  });

  it('puts a bad variable name on its row', () => {
    const environment = [...form().environment, { key: '9LIVES', value: 'x' }];
    expect(errorsOf(form({ environment }))).toEqual({ 'environment.2.key': 'letters, digits and _, not starting with a digit' });
  });
});

describe('configDiff', () => {
  it("lists each changed field as old → new in the form's labels, variables with their values and secrets masked", () => {
    const diff = configDiff(current, {
      workerCount: 6,
      timeoutSeconds: 1200,
      environmentVariables: { MODEL_DTYPE: 'fp16', NEW_FLAG: '1', HF_TOKEN: 'hf_new-secret-value' },
      autoScaling: { enabled: true, targetUtilization: 60 },
    });
    expect(diff).toEqual([
      { key: 'workerCount', label: 'Workers', from: '4', to: '6' },
      { key: 'timeoutSeconds', label: 'Request timeout', from: '300 s', to: '1,200 s' },
      { key: 'environmentVariables.HF_TOKEN', label: 'env HF_TOKEN', from: MASKED_VALUE, to: `${MASKED_VALUE} (changed)`, masked: true },
      { key: 'environmentVariables.MODEL_DTYPE', label: 'env MODEL_DTYPE', from: '"bf16"', to: '"fp16"' },
      { key: 'environmentVariables.NEW_FLAG', label: 'env NEW_FLAG', from: '—', to: '"1"' },
      { key: 'autoScaling.enabled', label: 'Auto-scaling', from: 'off', to: 'on' },
      { key: 'autoScaling.targetUtilization', label: 'Target utilisation', from: '70%', to: '60%' },
    ]);
    expect(JSON.stringify(diff)).not.toContain('secret');
  });

  it('masks a variable named for a credential or holding a URL with a password, added or removed', () => {
    const diff = configDiff(
      { ...current, environmentVariables: { AWS_SECRET_ACCESS_KEY: 'wJalrXUtnFEMI', LOG_LEVEL: 'info' } },
      { environmentVariables: { LOG_LEVEL: 'debug', DATABASE_URL: 'postgres://app:pa55word@db:5432/app', OPENAI_API_KEY: 'sk-abc' } },
    );
    expect(diff.map((c) => [c.label, c.from, c.to])).toEqual([
      ['env AWS_SECRET_ACCESS_KEY', MASKED_VALUE, 'removed'],
      ['env DATABASE_URL', '—', `${MASKED_VALUE} (added)`],
      ['env LOG_LEVEL', '"info"', '"debug"'],
      ['env OPENAI_API_KEY', '—', `${MASKED_VALUE} (added)`],
    ]);
    for (const value of ['wJalrXUtnFEMI', 'pa55word', 'sk-abc']) expect(JSON.stringify(diff)).not.toContain(value);
    expect(isSecretVariable('KEYBOARD_LAYOUT')).toBe(false);
    expect(isSecretVariable('MONKEY_PATCH')).toBe(false);
  });
});

describe('server refusals', () => {
  const invalid = (details: Record<string, unknown>): NormalizedError => ({
    code: 'INVALID_CONFIGURATION',
    message: `Invalid ${String(details.field)}: ${String(details.reason)}`,
    status: 400,
    source: 'account',
    details,
  });

  it('places INVALID_CONFIGURATION on the field it names, in the form’s words', () => {
    expect(placeConfigError(invalid({ field: 'workerCount', value: 80, maximum: 50, reason: 'Too big' }))).toEqual([
      { key: 'workerCount', message: '1 to 50', member: 'workerCount' },
    ]);
    expect(
      placeConfigError(invalid({ field: 'autoScaling.minWorkers', value: 9, maximum: 8, reason: 'at most autoScaling.maxWorkers (8)' })),
    ).toEqual([{ key: 'autoScaling.minWorkers', message: 'At most the maximum workers (8)', member: 'minWorkers' }]);
    expect(placeConfigError(invalid({ field: 'workerCount', value: 12, maximum: 8 }))).toEqual([
      { key: 'workerCount', message: 'At most 8 while auto-scaling is on (its maximum workers)', member: 'workerCount' },
    ]);
  });

  it('leaves ENDPOINT_BUSY to the dialog, which says it in words', () => {
    const busy: NormalizedError = {
      code: 'ENDPOINT_BUSY',
      message: 'busy',
      status: 409,
      source: 'account',
      details: { activeRequests: 3 },
    };
    expect(placeConfigError(busy)).toBeNull();
  });
});

describe('filterEndpoints', () => {
  it('matches name, id, model and GPU, case-insensitively', () => {
    const e = (id: string, name: string, model: string) =>
      ({ id, name, model, gpuType: 'A100_80GB', status: 'healthy' }) as Parameters<typeof filterEndpoints>[0][number];
    const list = [e('ep_1', 'llama3-70b-chat', 'meta-llama/Llama-3-70B'), e('ep_2', 'sdxl-image-gen', 'stabilityai/sdxl')];
    expect(filterEndpoints(list, 'LLAMA').map((x) => x.id)).toEqual(['ep_1']);
    expect(filterEndpoints(list, 'ep_2').map((x) => x.id)).toEqual(['ep_2']);
    expect(filterEndpoints(list, ' ').length).toBe(2);
  });
});
