// Subsequence matching for the command palette: every query character must appear in
// order; consecutive runs and word starts score higher, so "tt" ranks "Toggle theme" first.
export interface FuzzyMatch {
  score: number;
  /** Indexes of matched characters, for highlighting. */
  positions: number[];
}

export function fuzzyMatch(query: string, text: string): FuzzyMatch | null {
  const q = query.trim().toLowerCase();
  if (q === '') return { score: 0, positions: [] };
  const t = text.toLowerCase();
  const positions: number[] = [];
  let score = 0;
  let ti = 0;
  let previous = -2;
  for (const ch of q) {
    if (ch === ' ') continue;
    const found = t.indexOf(ch, ti);
    if (found < 0) return null;
    const wordStart = found === 0 || /[\s\-_/:.]/.test(t[found - 1] ?? '');
    score += 1 + (found === previous + 1 ? 3 : 0) + (wordStart ? 2 : 0);
    positions.push(found);
    previous = found;
    ti = found + 1;
  }
  // Prefer shorter texts and earlier first matches among equals.
  score -= (positions[0] ?? 0) * 0.01 + t.length * 0.001;
  return { score, positions };
}

export function fuzzyFilter<T>(items: readonly T[], query: string, text: (item: T) => string): T[] {
  if (query.trim() === '') return [...items];
  return items
    .map((item, index) => ({ item, index, match: fuzzyMatch(query, text(item)) }))
    .filter((x): x is { item: T; index: number; match: FuzzyMatch } => x.match !== null)
    .sort((a, b) => b.match.score - a.match.score || a.index - b.index)
    .map((x) => x.item);
}
