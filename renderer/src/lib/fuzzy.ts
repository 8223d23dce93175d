// Matching for the command palette, ranked by how good the match is: the whole text, then a
// prefix, then the query as one run at a word start, then anywhere; below those, a subsequence
// (every query character in order) where runs and word starts score higher, so "tt" still
// finds "Toggle theme" but "llm" puts "llm-pretraining" above "Theme: follow system".
export interface FuzzyMatch {
  score: number;
  /** Indexes of matched characters, for highlighting. */
  positions: number[];
}

/** Tiers far apart, so a better kind of match always outranks a worse one whatever the lengths. */
const TIER = { exact: 4000, prefix: 3000, wordStart: 2000, substring: 1000 } as const;
const WORD_BOUNDARY = /[\s\-_/:.]/;

const isWordStart = (t: string, i: number) => i === 0 || WORD_BOUNDARY.test(t[i - 1] ?? '');
const range = (start: number, length: number) => Array.from({ length }, (_, i) => start + i);

/** The query as one run: its best place in the text (a word start beats the first occurrence). */
function substringMatch(q: string, t: string): FuzzyMatch | null {
  let first = -1;
  for (let at = t.indexOf(q); at >= 0; at = t.indexOf(q, at + 1)) {
    if (first < 0) first = at;
    if (isWordStart(t, at)) {
      const tier = t === q ? TIER.exact : at === 0 ? TIER.prefix : TIER.wordStart;
      return { score: tier - at * 0.01 - t.length * 0.001, positions: range(at, q.length) };
    }
  }
  return first < 0 ? null : { score: TIER.substring - first * 0.01 - t.length * 0.001, positions: range(first, q.length) };
}

function subsequenceMatch(q: string, t: string): FuzzyMatch | null {
  const positions: number[] = [];
  let score = 0;
  let ti = 0;
  let previous = -2;
  for (const ch of q) {
    if (ch === ' ') continue;
    const found = t.indexOf(ch, ti);
    if (found < 0) return null;
    score += 1 + (found === previous + 1 ? 3 : 0) + (isWordStart(t, found) ? 2 : 0);
    positions.push(found);
    previous = found;
    ti = found + 1;
  }
  // Prefer shorter texts and earlier first matches among equals.
  score -= (positions[0] ?? 0) * 0.01 + t.length * 0.001;
  return { score: Math.min(score, TIER.substring - 1), positions };
}

function fuzzyMatch(query: string, text: string): FuzzyMatch | null {
  const q = query.trim().toLowerCase();
  if (q === '') return { score: 0, positions: [] };
  const t = text.toLowerCase();
  return substringMatch(q, t) ?? subsequenceMatch(q, t);
}

/** The best match of the query against any of the texts (e.g. a name and an id). */
export function bestMatch(query: string, texts: readonly string[]): (FuzzyMatch & { index: number }) | null {
  let best: (FuzzyMatch & { index: number }) | null = null;
  texts.forEach((text, index) => {
    const m = fuzzyMatch(query, text);
    if (m && (!best || m.score > best.score)) best = { ...m, index };
  });
  return best;
}

export function fuzzyFilter<T>(items: readonly T[], query: string, text: (item: T) => string): T[] {
  if (query.trim() === '') return [...items];
  return items
    .map((item, index) => ({ item, index, match: fuzzyMatch(query, text(item)) }))
    .filter((x): x is { item: T; index: number; match: FuzzyMatch } => x.match !== null)
    .sort((a, b) => b.match.score - a.match.score || a.index - b.index)
    .map((x) => x.item);
}
