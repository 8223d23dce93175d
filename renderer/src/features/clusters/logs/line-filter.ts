// What a log window shows of its buffer: the lines of the sources shown, of the levels,
// sources and log types chosen, matching the pattern. The pattern is a case-insensitive
// regular expression tested on each line's lower-case text (computed once when it arrives),
// or a plain substring search when it has no special characters — which is most searches.
import type { Level, LogLine } from './log-line';

/**
 * A pattern's length is bounded: a long alternation is both slow and never what was meant.
 * @internal Exported for its tests only.
 */
export const PATTERN_MAX = 200;

export type Pattern = { ok: true; empty: boolean; test(lower: string): boolean; highlight: RegExp | null } | { ok: false; message: string };

const SPECIAL = /[\\^$.*+?()[\]{}|]/;

/** Why `input` is not a regular expression, in words for the field ("Not a valid regular expression: unterminated group"); null when it is one. */
export function regexProblem(input: string): string | null {
  try {
    new RegExp(input, 'i');
    return null;
  } catch (error) {
    // V8 says "Invalid regular expression: /(/i: Unterminated group": keep the reason only.
    const reason = error instanceof Error ? (error.message.split(': ').pop() ?? '') : '';
    return `Not a valid regular expression${reason ? `: ${reason.charAt(0).toLowerCase()}${reason.slice(1)}` : ''}`;
  }
}

/** Compiles what the user typed; a bad pattern gives a message in words, for the field. */
export function compilePattern(input: string): Pattern {
  if (input === '') return { ok: true, empty: true, test: () => true, highlight: null };
  if (input.length > PATTERN_MAX) return { ok: false, message: `At most ${PATTERN_MAX} characters` };
  const problem = regexProblem(input);
  if (problem !== null) return { ok: false, message: problem };
  const regex = new RegExp(input, 'i');
  const highlight = new RegExp(input, 'gi');
  if (!SPECIAL.test(input)) {
    const needle = input.toLowerCase();
    return { ok: true, empty: false, test: (lower) => lower.includes(needle), highlight };
  }
  return { ok: true, empty: false, test: (lower) => regex.test(lower), highlight };
}

export interface ViewFilter {
  /** Levels shown; null: all. */
  levels: ReadonlySet<Level> | null;
  /** Entry sources shown (container, api_handler, …); null: all. */
  origins: ReadonlySet<string> | null;
  /** Cluster log types shown; null: all (endpoint lines have none and always pass). */
  types: ReadonlySet<string> | null;
  /** Window sources hidden (by index). */
  hiddenSources: ReadonlySet<number>;
}

export const NO_FILTER: ViewFilter = { levels: null, origins: null, types: null, hiddenSources: new Set() };

export function makeMatcher(filter: ViewFilter, pattern: Pattern): (line: LogLine) => boolean {
  // A pattern that is not valid matches nothing: the view never passes off lines as its matches.
  const test = pattern.ok ? pattern.test : () => false;
  const { levels, origins, types, hiddenSources } = filter;
  return (line) =>
    !hiddenSources.has(line.src) &&
    (levels === null || levels.has(line.level)) &&
    (origins === null || origins.has(line.origin)) &&
    (types === null || line.type === null || types.has(line.type)) &&
    test(line.lower);
}

export interface Segment {
  text: string;
  match: boolean;
}

/** A message cut into plain and matching parts, for the highlight (bounded: a match of nothing advances). */
export function highlightSegments(text: string, highlight: RegExp | null, maxMatches = 50): Segment[] {
  if (!highlight) return [{ text, match: false }];
  const out: Segment[] = [];
  const re = new RegExp(highlight.source, highlight.flags.includes('g') ? highlight.flags : `${highlight.flags}g`);
  let last = 0;
  let found = 0;
  for (let m = re.exec(text); m !== null && found < maxMatches; m = re.exec(text)) {
    if (m[0] === '') {
      re.lastIndex++;
      continue;
    }
    if (m.index > last) out.push({ text: text.slice(last, m.index), match: false });
    out.push({ text: m[0], match: true });
    last = m.index + m[0].length;
    found++;
  }
  if (last < text.length) out.push({ text: text.slice(last), match: false });
  return out;
}
