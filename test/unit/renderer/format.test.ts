import { describe, expect, it } from 'vitest';
import { GpuType } from '../../../shared/api/clusters/common';
import { cpuCores, formatNumber, gpuConfig, gpuName, sizeGb } from '../../../renderer/src/lib/format';

describe('one way of writing GPUs and sizes', () => {
  it('writes every GPU type of the API as the vendor does, without underscores', () => {
    expect(gpuName('A100_80GB')).toBe('A100 80GB');
    expect(gpuName('A100_40GB')).toBe('A100 40GB');
    expect(gpuName('RTX_4090')).toBe('RTX 4090');
    expect(gpuName('H100')).toBe('H100');
    for (const type of GpuType.options) expect(gpuName(type)).not.toContain('_');
  });

  it('writes a GPU configuration as count × type, and no GPUs as CPU only', () => {
    expect(gpuConfig('A100_80GB', 4)).toBe('4 × A100 80GB');
    expect(gpuConfig('H100', 8)).toBe('8 × H100');
    expect(gpuConfig('T4', 0)).toBe('CPU only');
  });

  it('writes sizes with a thousands separator and a space before the unit, whatever the locale', () => {
    expect(sizeGb(1024)).toBe('1,024 GB');
    expect(sizeGb(4000)).toBe('4,000 GB');
    expect(sizeGb(80)).toBe('80 GB');
    expect(sizeGb(0.5)).toBe('0.5 GB');
    expect(formatNumber(1_234_567)).toBe('1,234,567');
    expect(cpuCores(96)).toBe('96 cores');
    expect(cpuCores(1)).toBe('1 core');
  });
});
