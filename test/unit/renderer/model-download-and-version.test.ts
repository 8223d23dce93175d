// The Files tab's download figures (share, smoothed speed, time left) and the new-version form:
// the next version suggested, the checks in the form's words, and the API's refusals placed on
// the field they concern.
import { describe, expect, it } from 'vitest';
import type { NormalizedError } from '../../../shared/api/errors';
import { nextSpeed, percentDone, progressLine } from '../../../renderer/src/features/training/models/download-progress';
import { validateVersionForm, versionErrorField, versionFormOf } from '../../../renderer/src/features/training/models/version-form';

const apiError = (code: string, details: Record<string, unknown>): NormalizedError => ({
  status: 409,
  code,
  message: code,
  details,
  source: 'account',
});

/** The time left as the progress line says it (its last part); empty when the line has none. */
const timeLeft = (received: number, total: number, bytesPerSecond: number | null): string => {
  const last = progressLine(received, total, bytesPerSecond).split(' · ').at(-1)!;
  return last.endsWith(' left') ? last : '';
};

describe('download figures', () => {
  it('smooths the speed over samples and says the time left at it', () => {
    let s = nextSpeed(null, 0, 0);
    expect(s.speed).toBeNull();
    s = nextSpeed(s, 1000, 100e6);
    expect(s.speed).toBe(100e6);
    s = nextSpeed(s, 2000, 300e6);
    // 70 % of the last speed, 30 % of the new rate (200 MB/s).
    expect(s.speed).toBeCloseTo(130e6);
    // A sample out of order keeps the speed.
    expect(nextSpeed(s, 1500, 250e6).speed).toBeCloseTo(130e6);
    expect(percentDone(250, 1000)).toBe(25);
    expect(percentDone(0, 0)).toBe(100);
    expect(timeLeft(0, 1e9, 100e6)).toBe('about 10 s left');
    expect(timeLeft(0, 60e9, 100e6)).toBe('about 10 min left');
    expect(timeLeft(5, 5, 100)).toBe('');
    expect(progressLine(12_300_000, 39_200_000, 45_100_000)).toBe('12.3 MB of 39.2 MB · 31% · 45.1 MB/s · about 1 s left');
    expect(progressLine(0, 39_200_000, null)).toBe('0 B of 39.2 MB · 0%');
  });
});

describe('new version form', () => {
  const model = {
    version: 'v1.1.0',
    versions: [{ version: 'v1.0.0' }, { version: 'v1.1.0' }] as never,
  };
  /** The version the form suggests after `latest`, for a model whose only version it is. */
  const nextVersion = (latest: string) => versionFormOf({ version: latest, versions: [] }).version;
  /** The changelog lines a valid form sends for the text. */
  const changelogLines = (changelog: string) => {
    const r = validateVersionForm({ version: 'v1.2.0', trainingJobId: 'job_abc', description: '', changelog }, model);
    return r.ok ? r.request.changelog : r.errors;
  };

  it('suggests the next minor version, keeping the v', () => {
    expect(nextVersion('v1.1.0')).toBe('v1.2.0');
    expect(nextVersion('2.3.4')).toBe('2.4.0');
    expect(nextVersion('v1.2.0-rc.1')).toBe('v1.3.0');
    expect(versionFormOf(model).version).toBe('v1.2.0');
  });

  it('refuses a version that is malformed, taken or below the latest, and a missing job, in words', () => {
    const base = { version: 'v1.2.0', trainingJobId: '', description: '', changelog: '' };
    const errors = (f: Partial<typeof base>) => {
      const r = validateVersionForm({ ...base, trainingJobId: 'job_abc', ...f }, model);
      return r.ok ? {} : r.errors;
    };
    expect(errors({ version: '1.2' }).version).toMatch(/^Use a semantic version such as v1\.1\.0/);
    expect(errors({ version: '1.1.0' }).version).toBe('v1.1.0 exists already; use a version above v1.1.0');
    expect(errors({ version: 'v1.0.5' }).version).toBe('Must be above the latest version, v1.1.0');
    expect(errors({ version: 'v1.2.0-rc.1' }).version).toBeUndefined();
    expect(errors({ version: '' }).version).toBe('Required');
    expect(errors({ trainingJobId: '' }).trainingJobId).toBe('Choose a completed training job, or no job');
    expect(errors({ changelog: `ok\n${'x'.repeat(501)}` }).changelog).toBe('Line 2 is over 500 characters');
  });

  it('sends the trimmed version, the job, and the changelog lines without blanks', () => {
    const r = validateVersionForm(
      { version: ' v1.2.0 ', trainingJobId: 'job_abc', description: '  ', changelog: ' More data \n\n Lower LR ' },
      model,
    );
    expect(r).toEqual({ ok: true, request: { version: 'v1.2.0', trainingJobId: 'job_abc', changelog: ['More data', 'Lower LR'] } });
    expect(changelogLines('\n a \n')).toEqual(['a']);
  });

  it('places the API refusals on the version or the job', () => {
    expect(versionErrorField(apiError('VERSION_EXISTS', { version: 'v1.2.0', trainingJobId: 'job_x' }), '1.2.0')).toEqual({
      key: 'version',
      message: 'v1.2.0 exists already; use a higher version',
    });
    expect(versionErrorField(apiError('VERSION_EXISTS', { version: 'v1.0.0', trainingJobId: 'job_x' }), 'v1.3.0')).toEqual({
      key: 'trainingJobId',
      message: 'This job is already version v1.0.0 of the model; choose another job',
    });
    expect(versionErrorField(apiError('VERSION_NOT_NEWER', { latestVersion: 'v2.0.0' }), 'v1.3.0')).toEqual({
      key: 'version',
      message: 'Must be above the latest version, v2.0.0',
    });
    expect(versionErrorField(apiError('JOB_NOT_COMPLETED', { status: 'running' }), 'v1.3.0')?.message).toBe(
      'The job is running; only a completed job can become a version',
    );
    expect(versionErrorField(apiError('MODEL_TYPE_MISMATCH', { modelType: 'llm', jobModelType: 'vision' }), 'v1.3.0')).toEqual({
      key: 'trainingJobId',
      message: 'The job trained a vision model; this model is llm',
    });
    expect(versionErrorField(apiError('RATE_LIMITED', {}), 'v1.3.0')).toBeNull();
  });
});
