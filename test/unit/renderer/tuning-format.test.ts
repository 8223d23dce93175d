import { describe, expect, it } from 'vitest';
import {
  formatDuration,
  formatImprovement,
  formatParam,
  formatValue,
  objectiveText,
  progressText,
} from '../../../renderer/src/features/training/tuning/tuning-format';

describe('tuning formats', () => {
  it('writes metric values to four significant digits, exponent form when tiny or huge', () => {
    expect(formatValue(1.234567)).toBe('1.235');
    expect(formatValue(0.000123)).toBe('1.23e-4');
    expect(formatValue(2_500_000)).toBe('2.50e6');
    expect(formatValue(1234.5)).toBe('1,235');
    expect(formatValue(null)).toBe('—');
    expect(formatValue(Number.NaN)).toBe('—');
  });

  it('writes parameters as their scale reads them', () => {
    expect(formatParam(3.2e-4)).toBe('3.20e-4');
    expect(formatParam(32)).toBe('32');
    expect(formatParam(0.15)).toBe('0.15');
    expect(formatParam('cosine')).toBe('cosine');
    expect(formatParam(true)).toBe('true');
    expect(formatParam(undefined)).toBe('—');
  });

  it('writes durations in s, m, h and d', () => {
    expect(formatDuration(42)).toBe('42s');
    expect(formatDuration(312)).toBe('5m 12s');
    expect(formatDuration(7500)).toBe('2h 05m');
    expect(formatDuration(3 * 86400 + 4 * 3600)).toBe('3d 4h');
    expect(formatDuration(-1)).toBe('—');
  });

  it('says progress, objectives and improvements in words', () => {
    expect(progressText({ completedTrials: 12, totalTrials: 50, runningTrials: 4, failedTrials: 1 })).toBe(
      '12 / 50 trials · 4 running · 1 failed',
    );
    expect(progressText({ completedTrials: 50, totalTrials: 50, runningTrials: 0, failedTrials: 0 })).toBe('50 / 50 trials');
    expect(objectiveText({ objective: 'minimize', metric: 'eval_loss', objectives: null })).toBe('minimize eval_loss');
    expect(
      objectiveText({
        objective: 'minimize',
        metric: 'eval_loss',
        objectives: [
          { metric: 'eval_loss', direction: 'minimize', weight: 1 },
          { metric: 'accuracy', direction: 'maximize', weight: 0.5 },
        ],
      }),
    ).toBe('eval_loss ↓ ×1 · accuracy ↑ ×0.5');
    expect(formatImprovement(12.345)).toBe('+12.3%');
    expect(formatImprovement(-4)).toBe('−4.0%');
    expect(formatImprovement(null)).toBe('—');
  });
});
