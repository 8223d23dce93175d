// Continuous colour scales: stops from 0 to 1 interpolated in sRGB, the text colour that reads
// on a colour, and a scale's CSS gradient for its legend. The fleet heat maps, the charts'
// "colour by metric" and the correlation heat map use these.

/** Colour stops from 0 to 1 (positions ascending). */
export type ColourStops = ReadonlyArray<readonly [number, string]>;

/** Viridis (dark violet → yellow): perceptually even, readable for the common colour-vision deficiencies. */
export const VIRIDIS: ColourStops = [
  [0, '#440154'],
  [0.25, '#3b528b'],
  [0.5, '#21918c'],
  [0.75, '#5ec962'],
  [1, '#fde725'],
];

/** ColorBrewer RdBu, blue at 0 and red at 1 (−1 → +1 for correlations), pale at the middle. */
export const BLUE_RED: ColourStops = [
  [0, '#053061'],
  [0.1, '#2166ac'],
  [0.2, '#4393c3'],
  [0.3, '#92c5de'],
  [0.4, '#d1e5f0'],
  [0.5, '#f7f7f7'],
  [0.6, '#fddbc7'],
  [0.7, '#f4a582'],
  [0.8, '#d6604d'],
  [0.9, '#b2182b'],
  [1, '#67001f'],
];

const rgb = (hex: string): [number, number, number] => [
  Number.parseInt(hex.slice(1, 3), 16),
  Number.parseInt(hex.slice(3, 5), 16),
  Number.parseInt(hex.slice(5, 7), 16),
];
const hex = (c: readonly number[]) => `#${c.map((v) => Math.round(v).toString(16).padStart(2, '0')).join('')}`;

/** The colour at `t` (clamped to 0–1; NaN counts as 0), interpolated between stops. */
export function colourAt(stops: ColourStops, t: number): string {
  const u = Number.isNaN(t) ? 0 : Math.min(1, Math.max(0, t));
  for (let i = 1; i < stops.length; i++) {
    const [p1, c1] = stops[i]!;
    if (u <= p1) {
      const [p0, c0] = stops[i - 1]!;
      const f = p1 === p0 ? 1 : (u - p0) / (p1 - p0);
      const a = rgb(c0);
      const b = rgb(c1);
      return hex(a.map((v, k) => v + (b[k]! - v) * f));
    }
  }
  return stops[stops.length - 1]![1];
}

/** `n` colours evenly along the scale (bins for drawing many lines with few strokes). */
export function colourBins(stops: ColourStops, n: number): string[] {
  return Array.from({ length: n }, (_, i) => colourAt(stops, n === 1 ? 0.5 : i / (n - 1)));
}

/** WCAG relative luminance of a #rrggbb colour (0 black – 1 white). */
function luminance(colour: string): number {
  const lin = rgb(colour).map((v) => {
    const c = v / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * lin[0]! + 0.7152 * lin[1]! + 0.0722 * lin[2]!;
}

/** Black or white, whichever reads better on the background (WCAG relative luminance). */
export function textOn(background: string): '#000000' | '#ffffff' {
  // Contrast with black (l + 0.05) / 0.05 against white 1.05 / (l + 0.05): equal at l ≈ 0.179.
  return luminance(background) > 0.179 ? '#000000' : '#ffffff';
}

/**
 * WCAG contrast ratio of two #rrggbb colours, 1 to 21.
 * @internal Exported for its tests only.
 */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/**
 * WCAG's minimum contrast of graphics (lines, marks) with what is around them.
 * @internal Exported for its tests only.
 */
export const GRAPHIC_CONTRAST = 3;

/**
 * The part of a scale whose colours all stand out on `background` (contrast ≥ `minRatio`) as a
 * scale of its own, 0 to 1 (issue 18 part 5: on the dark paper viridis's dark end — the best run
 * of a loss — vanished, on the light one its yellow end). The longest such stretch, found to a
 * hundredth; the scale itself when no colour of it is readable.
 */
export function readableStops(stops: ColourStops, background: string, minRatio = GRAPHIC_CONTRAST): ColourStops {
  const N = 100;
  const ok = Array.from({ length: N + 1 }, (_, i) => contrastRatio(colourAt(stops, i / N), background) >= minRatio);
  let best: [number, number] | null = null;
  for (let i = 0; i <= N; i++) {
    if (!ok[i]) continue;
    let j = i;
    while (j < N && ok[j + 1]) j++;
    if (best === null || j - i > best[1] - best[0]) best = [i, j];
    i = j;
  }
  if (best === null || best[0] === best[1]) return stops;
  const [lo, hi] = [best[0] / N, best[1] / N];
  const inner = stops.filter(([p]) => p > lo && p < hi).map(([p]) => p);
  return [lo, ...inner, hi].map((p) => [(p - lo) / (hi - lo), colourAt(stops, p)] as const);
}

/** The CSS gradient of a legend bar, left to right (or bottom to top with `'to top'`). */
export function stopsGradient(stops: ColourStops, direction: 'to right' | 'to top' = 'to right'): string {
  return `linear-gradient(${direction}, ${stops.map(([p, c]) => `${c} ${Math.round(p * 100)}%`).join(', ')})`;
}
