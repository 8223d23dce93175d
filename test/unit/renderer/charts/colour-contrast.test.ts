// Issue 18 part 5: the comparison's parallel coordinates colour runs by validation loss; the best
// run (the lowest loss, the scale's 0 end) and every other line stand out on the theme's paper,
// dark and light: contrast ≥ 3:1 (WCAG's minimum for graphics).
import { describe, expect, it } from 'vitest';
import { colourAt, colourBins, contrastRatio, GRAPHIC_CONTRAST, readableStops, VIRIDIS } from '../../../../renderer/src/lib/colour-scale';
import { createAppTheme } from '../../../../renderer/src/shell/theme/create-app-theme';

describe('colours of the parallel coordinates on the theme’s paper', () => {
  it('measures contrast as WCAG does', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#ffffff')).toBe(1);
    expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
  });

  for (const mode of ['dark', 'light'] as const) {
    it(`keeps the best run and every line at least 3:1 on the ${mode} paper`, () => {
      const paper = createAppTheme(mode).palette.background.paper;
      // Plain viridis does not: one of its ends vanishes on each paper.
      expect(Math.min(...colourBins(VIRIDIS, 32).map((c) => contrastRatio(c, paper)))).toBeLessThan(GRAPHIC_CONTRAST);
      const stops = readableStops(VIRIDIS, paper);
      expect(contrastRatio(colourAt(stops, 0), paper)).toBeGreaterThanOrEqual(GRAPHIC_CONTRAST);
      for (let i = 0; i <= 200; i++) expect(contrastRatio(colourAt(stops, i / 200), paper)).toBeGreaterThanOrEqual(GRAPHIC_CONTRAST);
      // Still a scale: its ends differ clearly.
      expect(contrastRatio(colourAt(stops, 0), colourAt(stops, 1))).toBeGreaterThan(1.5);
      expect(stops[0]![0]).toBe(0);
      expect(stops[stops.length - 1]![0]).toBe(1);
    });
  }
});
