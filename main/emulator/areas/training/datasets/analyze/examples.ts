// The accumulator every format's reader feeds (sink.ts): the example count, the inferred schema,
// statistics and the validation report of the dataset's `validation` configuration
// (03-endpoints-training.md, Dataset; docs/decisions.md, Training: datasets). Memory is bounded
// whatever the file holds: fixed-size summaries, at most MAX_FIELDS fields, MAX_LABELS values.
import {
  DATASET_LIMITS,
  DatasetFormat,
  type DatasetValidationConfig,
  type FailingExample,
} from '../../../../../../shared/api/training/datasets';
import { ANALYSIS_BOUNDS } from './bounds';
import type { CheckName, ExampleSink, FieldType, MemberSummary, Position } from './sink';
import { DistinctCounter, NumberStats, type NumberSummary } from './summary';
import { estimateTokens, wordsOf } from './tokens';

export type { FieldType };

export interface Analysis {
  bytes: number;
  examples: number;
  schema: { fields: Array<{ name: string; type: FieldType; nullable: boolean }> };
  statistics: Record<string, unknown>;
  report: {
    status: 'passed' | 'failed';
    checks: Array<{ name: string; status: 'passed' | 'failed' | 'skipped'; message?: string }>;
    warnings: string[];
    failingExamples: FailingExample[];
    failingExampleCount: number;
  };
  preprocessing: { total_tokens: number; vocab_size: number };
  /** Why the dataset is in `error`, in the account envelope; null when it is ready. */
  failure: { error: 'VALIDATION_FAILED' | 'UNSUPPORTED_FORMAT'; message: string; details: Record<string, unknown> } | null;
}

/** Fields tracked per dataset; more are counted in a warning (a JSONL of free-form objects). */
const MAX_FIELDS = 500;
/** Distinct values counted per label field, and the characters of a value kept. */
const MAX_LABELS = 1000;
const LABEL_CHARS = 200;
/** Members listed in the statistics of an archive (all are counted). */
const MAX_MEMBERS = 1000;
const LABEL_FIELDS = new Set(['label', 'labels', 'class', 'category', 'target', 'sentiment', 'intent']);

interface FieldStats {
  present: number;
  nulls: number;
  types: Set<FieldType>;
  lengths: NumberStats | null;
  /** What the format declares (Parquet, HDF5), when it does. */
  declared: { type: FieldType; nullable: boolean } | null;
}

export function typeOf(v: unknown): FieldType {
  if (v === null || v === undefined) return 'null';
  if (Array.isArray(v) || ArrayBuffer.isView(v)) return 'array';
  if (typeof v === 'number') return Number.isInteger(v) ? 'integer' : 'number';
  if (typeof v === 'bigint') return 'integer';
  if (typeof v === 'string' || typeof v === 'boolean' || typeof v === 'object') return typeof v as FieldType;
  return 'mixed';
}

/** Every string inside a value, in order: the text an example carries (e.g. messages[].content). */
function collectText(v: unknown, out: string[], depth = 0): void {
  if (typeof v === 'string') out.push(v);
  else if (depth < 32 && Array.isArray(v)) for (const x of v) collectText(x, out, depth + 1);
  else if (depth < 32 && typeof v === 'object' && v !== null && !ArrayBuffer.isView(v))
    for (const x of Object.values(v)) collectText(x, out, depth + 1);
}

const SCRIPTS: Array<[string, RegExp]> = [
  ['latin', /\p{Script=Latin}/u],
  ['cyrillic', /\p{Script=Cyrillic}/u],
  ['greek', /\p{Script=Greek}/u],
  ['arabic', /\p{Script=Arabic}/u],
  ['hebrew', /\p{Script=Hebrew}/u],
  ['devanagari', /\p{Script=Devanagari}/u],
  ['han', /\p{Script=Han}/u],
  ['kana', /[\p{Script=Hiragana}\p{Script=Katakana}]/u],
  ['hangul', /\p{Script=Hangul}/u],
];

/** The script most letters of a text are written in (language_detection's per-example answer). */
function dominantScript(text: string): string | null {
  const counts = new Map<string, number>();
  for (const ch of text.slice(0, 2000)) {
    if (!/\p{L}/u.test(ch)) continue;
    const name = SCRIPTS.find(([, re]) => re.test(ch))?.[0] ?? 'other';
    counts.set(name, (counts.get(name) ?? 0) + 1);
  }
  let best: string | null = null;
  for (const [name, n] of counts) if (best === null || n > counts.get(best)!) best = name;
  return best;
}

const where = (at: Position) => (at.member === undefined ? {} : { member: at.member });

export class ExampleAccumulator implements ExampleSink {
  private examples = 0;
  private readonly fields = new Map<string, FieldStats>();
  private fieldOverflow = 0;
  private readonly tokens = new NumberStats();
  private readonly chars = new NumberStats();
  private totalTokens = 0;
  private readonly vocab = new DistinctCounter();
  private readonly labels = new Map<string, Map<string, number>>();
  private readonly scripts = new Map<string, number>();
  private readonly optionalMissing = new Map<string, number>();
  private readonly warnings: string[] = [];
  private readonly members: Array<MemberSummary & { examples: number }> = [];
  private memberCount = 0;
  private readonly memberExamples = new Map<string, number>();
  private readonly extra: Record<string, unknown> = {};
  private unreadableAs: { found: string; reason: string } | null = null;
  /** Where the last example or failure was: where a failure of the whole analysis is reported. */
  last: Position | null = null;

  private readonly failing: FailingExample[] = [];
  private failingCount = 0;
  private readonly failedChecks = new Map<CheckName, string>();

  constructor(
    private readonly format: string,
    readonly config: DatasetValidationConfig,
  ) {}

  fail(check: CheckName, at: Position, field: string | null, reason: string, summary: string): void {
    this.last = at;
    this.failingCount++;
    if (this.failing.length < DATASET_LIMITS.failingExamplesMax) this.failing.push({ line: at.line, field, reason, ...where(at) });
    if (!this.failedChecks.has(check)) this.failedChecks.set(check, at.member === undefined ? summary : `${summary} in ${at.member}`);
  }

  /** A file that is not its format fails whole; a member that is not what its name says fails alone, the others still read. */
  unreadable(found: string, reason: string, member?: string): void {
    if (member === undefined) this.unreadableAs ??= { found, reason };
    else this.fail('format', { line: 1, member }, null, reason, 'a member is not what its name says');
  }

  warn(message: string): void {
    if (this.warnings.length < 100) this.warnings.push(message);
  }

  declareField(name: string, type: FieldType, nullable: boolean): void {
    const s = this.fieldStats(name);
    if (s) s.declared = { type, nullable };
  }

  countExamples(n: number): void {
    this.examples += n;
  }

  member(m: MemberSummary): void {
    this.memberCount++;
    if (this.members.length < MAX_MEMBERS) this.members.push({ ...m, examples: 0 });
  }

  statistic(key: string, value: unknown): void {
    this.extra[key] = value;
  }

  example(at: Position, row: Record<string, unknown>): void {
    this.last = at;
    this.examples++;
    if (at.member !== undefined) this.memberExamples.set(at.member, (this.memberExamples.get(at.member) ?? 0) + 1);
    for (const [name, v] of Object.entries(row)) this.field(name, v);
    for (const f of this.config.required_fields ?? []) {
      const v = row[f];
      if (v === undefined || v === null || v === '')
        this.fail('required_fields', at, f, v === undefined ? 'missing required field' : 'required field is empty', `missing ${f}`);
    }
    for (const f of this.config.optional_fields ?? [])
      if (row[f] === undefined) this.optionalMissing.set(f, (this.optionalMissing.get(f) ?? 0) + 1);
    const parts: string[] = [];
    collectText(row, parts);
    const text = parts.join('\n');
    const tokens = estimateTokens(text);
    this.tokens.add(tokens);
    this.chars.add(text.length);
    this.totalTokens += tokens;
    for (const w of wordsOf(text)) this.vocab.add(w.length > ANALYSIS_BOUNDS.wordChars ? w.slice(0, ANALYSIS_BOUNDS.wordChars) : w);
    const { max_sequence_length: max, min_sequence_length: min } = this.config;
    if (max !== undefined && tokens > max)
      this.fail('sequence_length', at, null, `${tokens} tokens, above max_sequence_length ${max}`, 'too long');
    if (min !== undefined && tokens < min)
      this.fail('sequence_length', at, null, `${tokens} tokens, below min_sequence_length ${min}`, 'too short');
    if (this.config.language_detection) {
      const script = dominantScript(text) ?? 'none';
      this.scripts.set(script, (this.scripts.get(script) ?? 0) + 1);
    }
  }

  private fieldStats(name: string): FieldStats | null {
    let s = this.fields.get(name);
    if (s === undefined) {
      if (this.fields.size >= MAX_FIELDS) {
        this.fieldOverflow++;
        return null;
      }
      s = { present: 0, nulls: 0, types: new Set(), lengths: null, declared: null };
      this.fields.set(name, s);
    }
    return s;
  }

  private field(name: string, v: unknown): void {
    const s = this.fieldStats(name);
    if (s === null) return;
    s.present++;
    const t = typeOf(v);
    if (t === 'null') s.nulls++;
    else s.types.add(t);
    if (typeof v === 'string') (s.lengths ??= new NumberStats()).add(v.length);
    if (LABEL_FIELDS.has(name.toLowerCase()) && (t === 'string' || t === 'integer' || t === 'boolean')) {
      let counts = this.labels.get(name);
      if (counts === undefined) this.labels.set(name, (counts = new Map()));
      const key = String(v).slice(0, LABEL_CHARS);
      if (counts.has(key) || counts.size < MAX_LABELS) counts.set(key, (counts.get(key) ?? 0) + 1);
    }
  }

  private schemaType(s: FieldStats): FieldType {
    if (s.declared) return s.declared.type;
    const types = s.types;
    if (types.size === 0) return 'null';
    if (types.size === 1) return [...types][0]!;
    if (types.size === 2 && types.has('integer') && types.has('number')) return 'number';
    return 'mixed';
  }

  /** The analysis of everything fed so far; `bytes` is the file's size. */
  result(bytes: number): Analysis {
    if (this.unreadableAs !== null) return this.unreadableResult(bytes, this.unreadableAs);
    const { min_examples: minEx, max_examples: maxEx } = this.config;
    if (this.examples === 0) this.failedChecks.set('example_count', 'the file holds no examples');
    else if (minEx !== undefined && this.examples < minEx)
      this.failedChecks.set('example_count', `${this.examples} examples, below min_examples ${minEx}`);
    else if (maxEx !== undefined && this.examples > maxEx)
      this.failedChecks.set('example_count', `${this.examples} examples, above max_examples ${maxEx}`);

    const configured: Record<CheckName, boolean> = {
      format: true,
      encoding: true,
      required_fields: (this.config.required_fields?.length ?? 0) > 0,
      sequence_length: this.config.max_sequence_length !== undefined || this.config.min_sequence_length !== undefined,
      example_count: true,
    };
    const checks = (Object.keys(configured) as CheckName[]).map((name) => {
      const failed = this.failedChecks.get(name);
      if (failed !== undefined) return { name, status: 'failed' as const, message: failed };
      return { name, status: configured[name] ? ('passed' as const) : ('skipped' as const) };
    });
    const warnings = [...this.warnings];
    for (const [f, n] of this.optionalMissing) warnings.push(`optional field ${f} is absent in ${n} of ${this.examples} examples`);
    if (this.fieldOverflow > 0)
      warnings.push(`only the first ${MAX_FIELDS} fields are profiled; ${this.fieldOverflow} other value(s) were not`);
    if (this.vocab.estimated) warnings.push('vocab_size is an estimate (HyperLogLog) above 50,000 distinct words');
    if (this.memberCount > this.members.length)
      warnings.push(`${this.memberCount} members; the statistics list the first ${this.members.length}`);

    const fields = [...this.fields].map(([name, s]) => ({
      name,
      type: this.schemaType(s),
      nullable: s.declared ? s.declared.nullable : s.nulls > 0 || s.present < this.examples,
    }));
    const statistics: Record<string, unknown> = {
      examples: this.examples,
      sequenceLength: { unit: 'tokens (estimated)', ...this.tokens.summary() },
      characters: this.chars.summary(),
      totalTokens: this.totalTokens,
      fields: Object.fromEntries(
        [...this.fields].map(([name, s]) => [
          name,
          { present: s.present, nulls: s.nulls, ...(s.lengths ? { length: s.lengths.summary() as NumberSummary } : {}) },
        ]),
      ),
      labels: Object.fromEntries(
        [...this.labels].map(([name, counts]) => [name, Object.fromEntries([...counts].sort((a, b) => b[1] - a[1]))]),
      ),
      ...this.extra,
    };
    if (this.config.language_detection) statistics.scripts = Object.fromEntries(this.scripts);
    if (this.memberCount > 0) statistics.members = this.members.map((m) => ({ ...m, examples: this.memberExamples.get(m.name) ?? 0 }));
    const failedNames = checks.filter((c) => c.status === 'failed');
    const failure: Analysis['failure'] =
      failedNames.length === 0
        ? null
        : {
            error: 'VALIDATION_FAILED',
            message: `Dataset validation failed: ${failedNames.map((c) => `${c.name} (${c.message})`).join('; ')}`,
            details: {
              field: failedNames[0]!.name,
              reason: failedNames[0]!.message,
              examples: this.failing,
              failingExampleCount: this.failingCount,
              failedChecks: failedNames.map((c) => c.name),
            },
          };
    return {
      bytes,
      examples: this.examples,
      schema: { fields },
      statistics,
      report: {
        status: failure ? 'failed' : 'passed',
        checks,
        warnings,
        failingExamples: this.failing,
        failingExampleCount: this.failingCount,
      },
      preprocessing: { total_tokens: this.totalTokens, vocab_size: this.vocab.size },
      failure,
    };
  }

  private unreadableResult(bytes: number, u: { found: string; reason: string }): Analysis {
    const details = {
      providedFormat: u.found,
      declaredFormat: this.format,
      supportedFormats: [...DatasetFormat.options],
      reason: u.reason,
    };
    return {
      bytes,
      examples: 0,
      schema: { fields: [] },
      statistics: { ...this.extra },
      report: {
        status: 'failed',
        checks: [{ name: 'format', status: 'failed', message: `not ${this.format}: ${u.reason}` }],
        warnings: [...this.warnings],
        failingExamples: [],
        failingExampleCount: 0,
      },
      preprocessing: { total_tokens: 0, vocab_size: 0 },
      failure: { error: 'UNSUPPORTED_FORMAT', message: `The uploaded file is not ${this.format}: ${u.reason}`, details },
    };
  }
}

/**
 * The analysis of a file whose reading could not finish (it ran out of its memory bound or its
 * time, or the process ended under it too often): the dataset fails with the reason and where the
 * reading had got to, instead of being read again and again.
 */
export function analysisFailure(format: string, bytes: number, reason: string, at: Position | null): Analysis {
  const sink = new ExampleAccumulator(format, {});
  const example = at === null ? [] : [{ line: at.line, field: null, reason, ...where(at) }];
  const message = at === null ? reason : `${reason} (near line ${at.line}${at.member === undefined ? '' : ` of ${at.member}`})`;
  const empty = sink.result(bytes);
  return {
    ...empty,
    examples: 0,
    statistics: {},
    report: {
      status: 'failed',
      checks: [{ name: 'format', status: 'failed', message }],
      warnings: [],
      failingExamples: example,
      failingExampleCount: example.length,
    },
    failure: {
      error: 'VALIDATION_FAILED',
      message: `Dataset validation failed: ${message}`,
      details: { field: 'format', reason: message, examples: example, failingExampleCount: example.length, failedChecks: ['format'] },
    },
  };
}
