import { describe, expect, it } from 'vitest';
import type { EndpointConfiguration } from '../../../shared/api/endpoints/common';
import { recoveryPlan, RESTART_VARIABLE } from '../../../renderer/src/features/endpoints/recovery-actions';

const c: EndpointConfiguration = {
  workerCount: 4,
  maxConcurrency: 8,
  timeoutSeconds: 300,
  environmentVariables: { LOG_LEVEL: 'info' },
  autoScaling: { enabled: true, minWorkers: 1, maxWorkers: 4, targetUtilization: 70, scaleUpCooldown: 60, scaleDownCooldown: 300 },
};
const now = '2026-03-01T10:00:00.000Z';

describe('recoveryPlan', () => {
  it('maps the actions the emulator emits to endpoint updates', () => {
    // Auto-scaling on at its maximum: the maximum grows with the worker added.
    expect(recoveryPlan('scale_up', c, now)).toMatchObject({ kind: 'update', request: { workerCount: 5, autoScaling: { maxWorkers: 5 } } });
    expect(recoveryPlan('scale_up', { ...c, autoScaling: { ...c.autoScaling, enabled: false } }, now)).toMatchObject({
      request: { workerCount: 5 },
    });
    expect(recoveryPlan('reduce_concurrency', c, now)).toMatchObject({
      kind: 'update',
      request: { maxConcurrency: 4 },
      destructive: false,
    });
    expect(recoveryPlan('restart_workers', c, now)).toEqual({
      kind: 'update',
      label: 'Restart workers',
      request: { environmentVariables: { LOG_LEVEL: 'info', [RESTART_VARIABLE]: now } },
      destructive: true,
    });
  });

  it('leaves as text, with the reason, what the API cannot do or what would break a bound', () => {
    for (const a of ['replace_worker', 'upgrade_gpu', 'rollback_version', 'something_new'])
      expect(recoveryPlan(a, c, now)).toMatchObject({ kind: 'unavailable', reason: expect.any(String) });
    expect(recoveryPlan('scale_up', { ...c, workerCount: 50 }, now)).toMatchObject({ kind: 'unavailable' });
    expect(recoveryPlan('reduce_concurrency', { ...c, maxConcurrency: 1 }, now)).toMatchObject({ kind: 'unavailable' });
  });
});
