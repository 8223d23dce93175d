// The boolean query language of POST /logs/search (grammar in docs/decisions.md, Logs): a
// small recursive-descent parser with bounded length, term count and nesting, whose errors name
// the character position, compiled to a predicate over generated entries.
//
//   query   := or EOF
//   or      := and ( OR and )*
//   and     := unary ( [AND] unary )*          two terms side by side mean AND
//   unary   := NOT unary | '-' unary | primary
//   primary := '(' or ')' | term
//   term    := FIELD ':' value | value
//   value   := WORD | "quoted phrase"          \" and \\ inside quotes
import { LogLevel, LogSource, LogType, LOG_QUERY_MAX_CHARS } from '../../../../../../shared/api/clusters/logs';
import { MIN, lowerOf, type Raw } from './content';
import { cursorOf, idOf } from './read';

export { lowerOf };
import { columnBits, LEVEL_CODES, SEPARATOR, SOURCE_CODES, TYPE_CODES, textBits, type HourIndex } from './text-index';

/** @internal Exported for its tests only. */
export const QUERY_MAX_TERMS = 64;
/** @internal Exported for its tests only. */
export const QUERY_MAX_DEPTH = 16;

export class QueryError extends Error {
  constructor(
    readonly position: number,
    readonly reason: string,
  ) {
    super(`${reason} at position ${position}`);
  }
}

export type Predicate = (e: Raw) => boolean;
/**
 * The same test over a whole hour's index: 1 for each entry that matches (text-index.ts). `minute`
 * answers the entries of one of its minutes, for a term that names where its entry is (`id:`).
 */
export type IndexTest = (ix: HourIndex, minute: (t0: number) => readonly Raw[]) => Uint8Array;

/** The milliseconds a match can be at, when the query names them (its `id:` terms); null: any. */
export type Times = ReadonlySet<number> | null;

/**
 * A parsed expression: its predicate, the levels an entry it matches can have (null: any), its
 * test over an hour's index when every term is one the index holds (null otherwise), and the
 * times its matches can have.
 */
interface Node {
  match: Predicate;
  levels: ReadonlySet<string> | null;
  index: IndexTest | null;
  times: Times;
}
const anyLevel = (match: Predicate, index: IndexTest | null, times: Times = null): Node => ({ match, levels: null, index, times });
const textTest = (needle: string): IndexTest | null => (needle.includes(SEPARATOR) ? null : (ix) => textBits(ix, needle));

type Tok =
  | { kind: '(' | ')' | '-' | 'AND' | 'OR' | 'NOT' | 'EOF'; pos: number }
  | { kind: 'word' | 'phrase'; pos: number; text: string }
  | { kind: 'field'; pos: number; field: string; value: string; valuePos: number };

const FIELDS = ['level', 'source', 'log_type', 'type', 'gpu_id', 'gpu', 'process', 'pid', 'message', 'tag', 'id'] as const;
const KEYWORDS: Record<string, 'AND' | 'OR' | 'NOT'> = { and: 'AND', or: 'OR', not: 'NOT' };
const isSpace = (c: string) => c === ' ' || c === '\t' || c === '\n' || c === '\r';
const isWordChar = (c: string) => !isSpace(c) && c !== '(' && c !== ')' && c !== '"';

function readPhrase(q: string, start: number): [string, number] {
  let i = start + 1;
  let text = '';
  while (i < q.length && q[i] !== '"') {
    if (q[i] === '\\' && i + 1 < q.length) i++;
    text += q[i++];
  }
  if (i >= q.length) throw new QueryError(start, 'unclosed quote');
  if (text.trim() === '') throw new QueryError(start, 'empty phrase');
  return [text, i + 1];
}

function tokenize(q: string): Tok[] {
  const toks: Tok[] = [];
  let i = 0;
  while (i < q.length) {
    const c = q[i]!;
    if (isSpace(c)) {
      i++;
    } else if (c === '(' || c === ')') {
      toks.push({ kind: c, pos: i++ });
    } else if (c === '"') {
      const [text, next] = readPhrase(q, i);
      toks.push({ kind: 'phrase', pos: i, text });
      i = next;
    } else if (c === '-' && i + 1 < q.length && (q[i + 1] === '(' || q[i + 1] === '"' || isWordChar(q[i + 1]!)) && q[i + 1] !== '-') {
      toks.push({ kind: '-', pos: i++ });
    } else {
      const start = i;
      while (i < q.length && isWordChar(q[i]!)) i++;
      const word = q.slice(start, i);
      const colon = word.indexOf(':');
      const kw = KEYWORDS[word.toLowerCase()];
      if (kw) toks.push({ kind: kw, pos: start });
      else if (colon > 0 && /^[a-z_]+$/i.test(word.slice(0, colon))) {
        const field = word.slice(0, colon).toLowerCase();
        if (!(FIELDS as readonly string[]).includes(field))
          throw new QueryError(
            start,
            `unknown field "${word.slice(0, colon)}" (fields: ${FIELDS.join(', ')}; quote the text to search for it)`,
          );
        let value = word.slice(colon + 1);
        let valuePos = start + colon + 1;
        if (value === '' && q[i] === '"') {
          valuePos = i;
          [value, i] = readPhrase(q, i);
        }
        if (value === '') throw new QueryError(valuePos, `a value after "${field}:"`);
        toks.push({ kind: 'field', pos: start, field, value, valuePos });
      } else toks.push({ kind: 'word', pos: start, text: word });
    }
  }
  toks.push({ kind: 'EOF', pos: q.length });
  return toks;
}

function enumValue(options: readonly string[], what: string, value: string, pos: number): string {
  const v = value.toLowerCase();
  if (!options.includes(v)) throw new QueryError(pos, `unknown ${what} "${value}" (one of ${options.join(', ')})`);
  return v;
}

/** A field term's predicate, its index test where the index holds the field, and the times an `id:` names. */
function fieldTerm(t: Extract<Tok, { kind: 'field' }>): [Predicate, IndexTest | null, Times?] {
  const { field, value, valuePos } = t;
  switch (field) {
    case 'level': {
      const v = enumValue(LogLevel.options, 'level', value, valuePos);
      const code = LEVEL_CODES.indexOf(v as LogLevel);
      return [(e) => e.level === v, (ix) => columnBits(ix.level, code)];
    }
    case 'source': {
      const v = enumValue(LogSource.options, 'source', value, valuePos);
      const code = SOURCE_CODES.indexOf(v as LogSource);
      return [(e) => e.source === v, (ix) => columnBits(ix.source, code)];
    }
    case 'log_type':
    case 'type': {
      const v = enumValue(LogType.options, 'log type', value, valuePos);
      const code = TYPE_CODES.indexOf(v as LogType);
      return [(e) => e.type === v, (ix) => columnBits(ix.type, code)];
    }
    case 'gpu_id':
    case 'gpu': {
      const m = /^(?:gpu_)?(0|[1-9][0-9]?)$/i.exec(value);
      if (!m) throw new QueryError(valuePos, `a GPU id such as gpu_0, not "${value}"`);
      const g = Number(m[1]);
      return [(e) => e.gpu === g, (ix) => columnBits(ix.gpu, g)];
    }
    case 'pid': {
      if (!/^[0-9]{1,9}$/.test(value)) throw new QueryError(valuePos, `a process id (a whole number), not "${value}"`);
      const pid = Number(value);
      return [(e) => e.proc.pid === pid, null];
    }
    case 'process': {
      const v = value.toLowerCase();
      return [(e) => e.proc.name.toLowerCase() === v || String(e.proc.pid) === v, null];
    }
    case 'tag': {
      const v = value.toLowerCase();
      return [(e) => e.tags.includes(v), null];
    }
    case 'id': {
      // An id is the entry's millisecond and tag (read.ts): compared as numbers and short
      // strings, not by writing every entry's id, and read from that millisecond's minute only.
      // A value that is not an id in its one spelling names no entry.
      const c = cursorOf(value);
      if (c === null || idOf(c) !== value) return [() => false, (ix) => new Uint8Array(ix.n), new Set()];
      const match: Predicate = (e) => e.t === c.t && e.tag === c.tag;
      const index: IndexTest = (ix, minute) => {
        const out = new Uint8Array(ix.n);
        const k = Math.floor((c.t - ix.start) / MIN);
        if (k < 0 || k >= 60) return out;
        const i = minute(ix.start + k * MIN).findIndex(match);
        if (i >= 0) out[ix.minutes[k]! + i] = 1;
        return out;
      };
      return [match, index, new Set([c.t])];
    }
    default: {
      const v = value.toLowerCase();
      return [(e) => lowerOf(e).includes(v), textTest(v)];
    }
  }
}

const not = (a: Uint8Array): Uint8Array => {
  for (let i = 0; i < a.length; i++) a[i] = a[i] ? 0 : 1;
  return a;
};
const inHour = (times: ReadonlySet<number>, start: number) => {
  for (const t of times) if (t >= start && t < start + 60 * MIN) return true;
  return false;
};
/** The parts' tests combined by AND (`all`) or OR, when the index can answer every part. */
const indexOfAll = (parts: Node[], all: boolean): IndexTest | null => {
  if (!parts.every((p) => p.index)) return null;
  return (ix, minute) => {
    // A part whose matches are at named times (id:) none of which is in this hour matches
    // nothing here: it is left out rather than tested (64 ids OR'd would be 64 tests an hour).
    const live = parts.filter((p) => p.times === null || inHour(p.times, ix.start));
    if (live.length === 0 || (all && live.length < parts.length)) return new Uint8Array(ix.n);
    const out = live[0]!.index!(ix, minute);
    for (let k = 1; k < live.length; k++) {
      const b = live[k]!.index!(ix, minute);
      for (let i = 0; i < out.length; i++) out[i] = all ? out[i]! & b[i]! : out[i]! | b[i]!;
    }
    return out;
  };
};

/** Parses a query into a predicate; throws QueryError with the position of what is wrong. */
export function parseQuery(q: string): {
  match: Predicate;
  terms: string[];
  levels: ReadonlySet<string> | null;
  index: IndexTest | null;
  times: Times;
} {
  if (q.length > LOG_QUERY_MAX_CHARS) throw new QueryError(LOG_QUERY_MAX_CHARS, `a query of at most ${LOG_QUERY_MAX_CHARS} characters`);
  const toks = tokenize(q);
  const termToks = toks.filter((t) => t.kind === 'word' || t.kind === 'phrase' || t.kind === 'field');
  const termCount = termToks.length;
  if (termCount === 0) throw new QueryError(0, 'a term to search for');
  if (termCount > QUERY_MAX_TERMS) throw new QueryError(termToks[QUERY_MAX_TERMS]!.pos, `at most ${QUERY_MAX_TERMS} terms`);
  const terms: string[] = [];
  let i = 0;
  const peek = () => toks[i]!;
  const startsUnary = (t: Tok) =>
    t.kind === 'NOT' || t.kind === '-' || t.kind === '(' || t.kind === 'word' || t.kind === 'phrase' || t.kind === 'field';
  const describe = (t: Tok) =>
    t.kind === 'EOF'
      ? 'the end of the query'
      : t.kind === 'word' || t.kind === 'phrase'
        ? `"${t.text}"`
        : t.kind === 'field'
          ? `"${t.field}:"`
          : `"${t.kind}"`;

  function or(depth: number): Node {
    const parts = [and(depth)];
    while (peek().kind === 'OR') {
      i++;
      parts.push(and(depth));
    }
    if (parts.length === 1) return parts[0]!;
    const ms = parts.map((p) => p.match);
    const levels = parts.some((p) => p.levels === null) ? null : new Set(parts.flatMap((p) => [...p.levels!]));
    // Only when every part names its times does the whole: one that does not can match anywhere.
    const times = parts.some((p) => p.times === null) ? null : new Set(parts.flatMap((p) => [...p.times!]));
    return { match: (e) => ms.some((m) => m(e)), levels, index: indexOfAll(parts, false), times };
  }
  function and(depth: number): Node {
    const parts = [unary(depth)];
    for (;;) {
      if (peek().kind === 'AND') i++;
      else if (!startsUnary(peek())) break;
      parts.push(unary(depth));
    }
    if (parts.length === 1) return parts[0]!;
    const ms = parts.map((p) => p.match);
    let levels: Set<string> | null = null;
    let times: Set<number> | null = null;
    for (const p of parts) {
      const own = p.levels;
      if (own) levels = levels === null ? new Set(own) : new Set([...levels].filter((l: string) => own.has(l)));
      // One part that names its times is enough: a match has to be at one of them.
      const at = p.times;
      if (at) times = times === null ? new Set(at) : new Set([...times].filter((t: number) => at.has(t)));
    }
    return { match: (e) => ms.every((m) => m(e)), levels, index: indexOfAll(parts, true), times };
  }
  function unary(depth: number): Node {
    const t = peek();
    if (depth > QUERY_MAX_DEPTH) throw new QueryError(t.pos, `nesting deeper than ${QUERY_MAX_DEPTH} levels`);
    if (t.kind === 'NOT' || t.kind === '-') {
      i++;
      const inner = unary(depth + 1);
      const innerIndex = inner.index;
      return anyLevel((e) => !inner.match(e), innerIndex && ((ix, minute) => not(innerIndex(ix, minute))));
    }
    return primary(depth);
  }
  function primary(depth: number): Node {
    const t = peek();
    if (t.kind === '(') {
      i++;
      const inner = or(depth + 1);
      const close = peek();
      if (close.kind !== ')')
        throw new QueryError(close.pos, `expected ")" to close the "(" at position ${t.pos}, found ${describe(close)}`);
      i++;
      return inner;
    }
    if (t.kind === 'field') {
      i++;
      terms.push(`${t.field}:${t.value}`);
      const [match, index, times = null] = fieldTerm(t);
      return t.field === 'level' ? { match, levels: new Set([t.value.toLowerCase()]), index, times } : anyLevel(match, index, times);
    }
    if (t.kind === 'word' || t.kind === 'phrase') {
      i++;
      terms.push(t.text);
      const v = t.text.toLowerCase();
      return anyLevel((e) => lowerOf(e).includes(v), textTest(v));
    }
    throw new QueryError(t.pos, `expected a term, "(" or NOT, found ${describe(t)}`);
  }

  const { match, levels, index, times } = or(0);
  const rest = peek();
  if (rest.kind !== 'EOF') throw new QueryError(rest.pos, rest.kind === ')' ? 'a ")" without its "("' : `unexpected ${describe(rest)}`);
  return { match, terms, levels, index, times };
}
