import { describe, expect, it } from 'vitest';
import { estimateHourlyRate } from '../../../shared/api/clusters/common';
import {
  defaultRestartForm,
  restartCostImpact,
  toRestartRequest,
} from '../../../renderer/src/features/clusters/clusters/lifecycle/restart-form';
import { defaultStopForm, stopCostImpact, toStopRequest } from '../../../renderer/src/features/clusters/clusters/lifecycle/stop-form';
import { clusterFixture } from './cluster-fixture';

describe('toStopRequest', () => {
  it('sends the document defaults when nothing is changed', () => {
    const r = toStopRequest(defaultStopForm());
    expect(r).toEqual({
      ok: true,
      request: {
        force: false,
        grace_period_minutes: 5,
        save_state: false,
        preserve_data: true,
        wait_for_completion: false,
        timeout_minutes: 10,
      },
    });
  });

  it('refuses a grace period above 30 and a timeout above 60, on their fields', () => {
    const r = toStopRequest({ ...defaultStopForm(), gracePeriodMinutes: '31', waitForCompletion: true, timeoutMinutes: '61' });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors.grace_period_minutes).toMatch(/30/);
    expect(r.errors.timeout_minutes).toMatch(/60/);
  });

  it('sends the snapshot name only with save_state, and the users to notify', () => {
    const off = toStopRequest({ ...defaultStopForm(), snapshotName: 'x' });
    expect(off.ok && off.request.snapshot_name).toBeFalsy();
    const on = toStopRequest({
      ...defaultStopForm(),
      saveState: true,
      snapshotName: ' nightly ',
      notifyUsers: ['usr_alice'],
      stopReason: 'maintenance',
    });
    expect(on.ok && on.request).toMatchObject({
      save_state: true,
      snapshot_name: 'nightly',
      notify_users: ['usr_alice'],
      stop_reason: 'maintenance',
    });
  });

  it('reports text in a number field instead of sending it', () => {
    const r = toStopRequest({ ...defaultStopForm(), gracePeriodMinutes: 'five' });
    expect(r.ok).toBe(false);
  });
});

describe('stopCostImpact', () => {
  it('saves the whole hourly rate', () => {
    expect(stopCostImpact(clusterFixture())).toEqual({ hourlyRateSaved: 4.59, sessionCostSoFar: 12.34, currency: 'USD' });
  });
});

describe('toRestartRequest', () => {
  const cluster = clusterFixture();

  it('sends the document defaults and no configuration change by default', () => {
    const r = toRestartRequest(defaultRestartForm(), cluster);
    expect(r).toEqual({
      ok: true,
      request: {
        force: false,
        grace_period_minutes: 5,
        wait_for_ready: false,
        timeout_minutes: 15,
        preserve_state: false,
        apply_system_updates: false,
      },
    });
  });

  it('refuses storage below the current size with an inline message', () => {
    const r = toRestartRequest({ ...defaultRestartForm(), storageGb: '400' }, cluster);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.errors['update_configuration.storage_gb']).toBe('Storage can only grow: at least 500 GB');
  });

  it('accepts growth and the other updates', () => {
    const r = toRestartRequest(
      {
        ...defaultRestartForm(),
        storageGb: '750',
        gpuCount: '4',
        environment: [
          { key: 'HF_HOME', value: '/data/hf' },
          { key: '', value: '' },
        ],
        ports: [{ internalPort: '8888', externalPort: '', protocol: 'tcp', description: 'Jupyter' }],
        restoreFromSnapshot: 'snap_1',
        updateContainerImage: 'registry.example.com/ml/pytorch:2.4',
      },
      cluster,
    );
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.request.update_configuration).toEqual({ storage_gb: 750, gpu_count: 4 });
    expect(r.request.environment_updates).toEqual({ HF_HOME: '/data/hf' });
    expect(r.request.port_mapping_updates).toEqual([{ internal_port: 8888, external_port: 0, protocol: 'tcp', description: 'Jupyter' }]);
    expect(r.request.restore_from_snapshot).toBe('snap_1');
  });

  it('flags bad and repeated environment names and bad ports by row', () => {
    const r = toRestartRequest(
      {
        ...defaultRestartForm(),
        environment: [
          { key: 'lower', value: '1' },
          { key: 'A', value: '1' },
          { key: 'A', value: '2' },
        ],
        ports: [{ internalPort: '70000', externalPort: '', protocol: 'tcp', description: 'x' }],
      },
      cluster,
    );
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors['environment.0.key']).toMatch(/upper-case/);
    expect(r.errors['environment.2.key']).toBe('A is set twice');
    expect(r.errors['ports.0.internal_port']).toMatch(/65535/);
  });
});

describe('restartCostImpact', () => {
  const cluster = clusterFixture();
  it('keeps the current rate when no resource changes', () => {
    expect(restartCostImpact(defaultRestartForm(), cluster)).toEqual({ oldHourlyRate: 4.59, newHourlyRate: 4.59, changed: false });
  });
  it('prices the new configuration with the shared price table', () => {
    const impact = restartCostImpact({ ...defaultRestartForm(), gpuCount: '4', storageGb: '1000' }, cluster);
    expect(impact.changed).toBe(true);
    expect(impact.newHourlyRate).toBe(
      estimateHourlyRate({ gpu_type: 'A100_40GB', gpu_count: 4, cpu_cores: 16, memory_gb: 128, storage_gb: 1000 }),
    );
    expect(impact.newHourlyRate).toBeGreaterThan(impact.oldHourlyRate);
  });
});
