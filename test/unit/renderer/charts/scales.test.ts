import { describe, expect, it } from 'vitest';
import {
  categoryScale,
  extent,
  formatNumber,
  linearTicks,
  logTicks,
  numericScale,
} from '../../../../renderer/src/components/charts/scales';
import { colourAt, colourBins, textOn, BLUE_RED } from '../../../../renderer/src/lib/colour-scale';

describe('ticks', () => {
  it('puts linear ticks on 1, 2 or 5 × 10ⁿ inside the range', () => {
    expect(linearTicks(0, 1, 5)).toEqual([0, 0.2, 0.4, 0.6, 0.8, 1]);
    expect(linearTicks(0.13, 0.97, 4)).toEqual([0.2, 0.4, 0.6, 0.8]);
    expect(linearTicks(-30, 70, 5)).toEqual([-20, 0, 20, 40, 60]);
    expect(linearTicks(3, 3, 5)).toEqual([3]);
  });

  it('puts log ticks on powers of ten, with 2 and 5 between them over few decades', () => {
    expect(logTicks(1e-6, 1e-1, 6)).toEqual([1e-6, 1e-5, 1e-4, 1e-3, 1e-2, 1e-1]);
    expect(logTicks(1e-5, 1e-1, 2)).toEqual([1e-5, 1e-3, 1e-1]);
    expect(logTicks(1, 100, 8)).toEqual([1, 2, 5, 10, 20, 50, 100]);
    // No round value inside: linear ticks instead.
    expect(logTicks(3.1, 3.9, 4)).toEqual(linearTicks(3.1, 3.9, 4));
  });

  it('writes numbers short', () => {
    expect(formatNumber(0)).toBe('0');
    expect(formatNumber(0.000_03)).toBe('3e-5');
    expect(formatNumber(0.000_025)).toBe('2.5e-5');
    expect(formatNumber(0.123_456)).toBe('0.123');
    expect(formatNumber(12_345)).toBe('12,345');
    expect(formatNumber(2_500_000)).toBe('2.5e6');
    // A tick writes the decimals of its step: 128.2 and 128.4 do not both read "128".
    expect([128.2, 128.4].map((v) => formatNumber(v, 0.2))).toEqual(['128.2', '128.4']);
    expect(formatNumber(1200, 200)).toBe('1,200');
  });
});

describe('scales', () => {
  it('maps linear and log values to 0–1, missing and invalid values to NaN', () => {
    const lin = numericScale('linear', 10, 20);
    expect(lin.norm(15)).toBe(0.5);
    expect(lin.norm(null)).toBeNaN();
    expect(lin.invert(0.25)).toBe(12.5);
    const log = numericScale('log', 1e-5, 1e-1);
    expect(log.norm(1e-3)).toBeCloseTo(0.5);
    expect(log.norm(0)).toBeNaN();
    expect(log.invert(0.75)).toBeCloseTo(1e-2);
    expect(log.ticks(5).map((t) => t.label)).toEqual(['1e-5', '1e-4', '0.001', '0.01', '0.1']);
  });

  it('gives a single value an axis around it', () => {
    const s = numericScale('linear', 128, 128);
    expect(s.norm(128)).toBeCloseTo(0.5);
    expect(s.ticks(3).map((t) => t.label)).toEqual(['120', '130', '140']);
    expect(numericScale('linear', 0, 0).norm(0)).toBe(0.5);
    const l = numericScale('log', 0.01, 0.01);
    expect(l.norm(0.01)).toBeCloseTo(0.5);
  });

  it('spaces categories evenly, one alone in the middle', () => {
    const s = categoryScale(['adam', 'sgd', 'lion']);
    expect([s.norm('adam'), s.norm('sgd'), s.norm('lion'), s.norm('rmsprop')]).toEqual([0, 0.5, 1, Number.NaN]);
    expect(categoryScale(['only']).norm('only')).toBe(0.5);
    expect(s.ticks(10).map((t) => t.label)).toEqual(['adam', 'sgd', 'lion']);
  });

  it('takes the extent of finite values (positive ones for a log axis)', () => {
    expect(extent([3, null, -1, Number.NaN, 7])).toEqual([-1, 7]);
    expect(extent([0, -2, 5, 0.5], true)).toEqual([0.5, 5]);
    expect(extent([null, undefined])).toBeNull();
  });
});

describe('colour scales', () => {
  it('interpolates stops, clamps the ends, and bins evenly', () => {
    expect(colourAt(BLUE_RED, 0)).toBe('#053061');
    expect(colourAt(BLUE_RED, 0.5)).toBe('#f7f7f7');
    expect(colourAt(BLUE_RED, 2)).toBe('#67001f');
    expect(colourBins(BLUE_RED, 3)).toEqual(['#053061', '#f7f7f7', '#67001f']);
    expect(textOn(colourAt(BLUE_RED, 0.5))).toBe('#000000');
    expect(textOn(colourAt(BLUE_RED, 0))).toBe('#ffffff');
  });
});
