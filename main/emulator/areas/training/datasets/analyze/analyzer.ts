// The dataset analyser: reads a JSONL or CSV file once, as a stream, and gives the example
// count, the inferred schema, statistics and the validation report of the dataset's
// `validation` configuration (03-endpoints-training.md, Dataset; docs/decisions.md, Training:
// datasets). Memory is bounded whatever the file size: one line at a time, fixed-size summaries.
import { createHash, type Hash } from 'node:crypto';
import { DATASET_LIMITS, type DatasetValidationConfig, type FailingExample } from '../../../../../../shared/api/training/datasets';
import { CsvParser, type CsvRecord } from './csv';
import { LineSplitter, MAX_LINE_BYTES, type Line } from './lines';
import { SNIFF_BYTES, sniffFormat } from './sniff';
import { DistinctCounter, NumberStats, type NumberSummary } from './summary';
import { estimateTokens, wordsOf } from './tokens';

export type FieldType = 'string' | 'integer' | 'number' | 'boolean' | 'object' | 'array' | 'null' | 'mixed';

export interface Analysis {
  bytes: number;
  sha256: string;
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
/** Distinct values counted per label field. */
const MAX_LABELS = 1000;
const LABEL_FIELDS = new Set(['label', 'labels', 'class', 'category', 'target', 'sentiment', 'intent']);

type CheckName = 'format' | 'encoding' | 'required_fields' | 'sequence_length' | 'example_count';

interface FieldStats {
  present: number;
  nulls: number;
  types: Set<FieldType>;
  lengths: NumberStats | null;
}

function typeOf(v: unknown): FieldType {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  if (typeof v === 'number') return Number.isInteger(v) ? 'integer' : 'number';
  if (typeof v === 'string' || typeof v === 'boolean' || typeof v === 'object') return typeof v as FieldType;
  return 'mixed';
}

/** A CSV cell's value: empty is null, then integer, number, boolean, else the text. */
export function csvValue(cell: string): unknown {
  if (cell === '') return null;
  if (/^-?\d{1,15}$/.test(cell)) return Number(cell);
  if (/^-?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(cell)) return Number(cell);
  const lower = cell.toLowerCase();
  if (lower === 'true' || lower === 'false') return lower === 'true';
  return cell;
}

/** Every string inside a value, in order: the text an example carries (e.g. messages[].content). */
function collectText(v: unknown, out: string[], depth = 0): void {
  if (typeof v === 'string') out.push(v);
  else if (depth < 32 && Array.isArray(v)) for (const x of v) collectText(x, out, depth + 1);
  else if (depth < 32 && typeof v === 'object' && v !== null) for (const x of Object.values(v)) collectText(x, out, depth + 1);
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

export class DatasetAnalyzer {
  private readonly hash: Hash = createHash('sha256');
  private bytes = 0;
  private head: Buffer[] = [];
  private headBytes = 0;
  private sniffed = false;
  private unsupported: string | null = null;
  private readonly splitter: LineSplitter;
  private readonly csv: CsvParser | null;
  private header: string[] | null = null;
  private readonly utf8 = new TextDecoder('utf-8', { fatal: true });
  private readonly lenient = new TextDecoder('utf-8');

  private examples = 0;
  private blankLines = 0;
  private readonly fields = new Map<string, FieldStats>();
  private fieldOverflow = 0;
  private readonly tokens = new NumberStats();
  private readonly chars = new NumberStats();
  private totalTokens = 0;
  private readonly vocab = new DistinctCounter();
  private readonly labels = new Map<string, Map<string, number>>();
  private readonly scripts = new Map<string, number>();
  private readonly optionalMissing = new Map<string, number>();

  private readonly failing: FailingExample[] = [];
  private failingCount = 0;
  private readonly failedChecks = new Map<CheckName, string>();

  constructor(
    private readonly format: 'jsonl' | 'csv',
    private readonly config: DatasetValidationConfig,
  ) {
    this.csv = format === 'csv' ? new CsvParser((r) => this.csvRecord(r)) : null;
    this.splitter = new LineSplitter((line) => this.line(line));
  }

  push(chunk: Buffer): void {
    this.hash.update(chunk);
    this.bytes += chunk.length;
    if (!this.sniffed) {
      this.head.push(chunk);
      this.headBytes += chunk.length;
      if (this.headBytes < SNIFF_BYTES) return;
      this.sniff();
      for (const c of this.head.splice(0)) this.feed(c);
      return;
    }
    this.feed(chunk);
  }

  finish(): Analysis {
    if (!this.sniffed) {
      this.sniff();
      for (const c of this.head.splice(0)) this.feed(c);
    }
    const sha256 = this.hash.digest('hex');
    if (this.unsupported === null) {
      this.splitter.end();
      this.csv?.end();
    }
    return this.result(sha256);
  }

  private sniff(): void {
    this.sniffed = true;
    this.unsupported = sniffFormat(Buffer.concat(this.head, this.headBytes));
  }

  private feed(chunk: Buffer): void {
    if (this.unsupported === null) this.splitter.push(chunk);
  }

  private fail(check: CheckName, example: FailingExample, summary: string): void {
    this.failingCount++;
    if (this.failing.length < DATASET_LIMITS.failingExamplesMax) this.failing.push(example);
    if (!this.failedChecks.has(check)) this.failedChecks.set(check, summary);
  }

  /** The line's text, after the encoding check. */
  private decode(line: Line): string | null {
    if (line.bytes === null) {
      this.fail('format', { line: line.number, field: null, reason: `line longer than ${MAX_LINE_BYTES} bytes` }, 'overlong line');
      return null;
    }
    const enc = this.config.encoding ?? 'utf-8';
    if (enc === 'latin-1') return line.bytes.toString('latin1');
    if (enc === 'ascii') {
      const at = line.bytes.findIndex((b) => b > 0x7f);
      if (at !== -1)
        this.fail(
          'encoding',
          { line: line.number, field: null, reason: `byte 0x${line.bytes[at]!.toString(16)} at column ${at + 1} is not ASCII` },
          'not ASCII',
        );
      return line.bytes.toString('latin1');
    }
    try {
      return this.utf8.decode(line.bytes);
    } catch {
      this.fail('encoding', { line: line.number, field: null, reason: 'invalid UTF-8 byte sequence' }, 'invalid UTF-8');
      return this.lenient.decode(line.bytes);
    }
  }

  private line(line: Line): void {
    const text = this.decode(line);
    if (text === null) return;
    if (this.csv !== null) return this.csv.line(text, line.number);
    if (text.trim() === '') {
      this.blankLines++;
      return;
    }
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (e) {
      this.fail(
        'format',
        { line: line.number, field: null, reason: `invalid JSON: ${(e as Error).message.slice(0, 120)}` },
        'invalid JSON',
      );
      return;
    }
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      this.fail('format', { line: line.number, field: null, reason: `a JSON ${typeOf(value)}, not an object` }, 'not a JSON object');
      return;
    }
    this.example(line.number, value as Record<string, unknown>);
  }

  private csvRecord(r: CsvRecord): void {
    if (this.header === null) {
      this.header = r.fields.map((f) => f.trim());
      const seen = new Set<string>();
      for (const name of this.header) {
        if (name === '' || seen.has(name))
          this.fail(
            'format',
            { line: r.line, field: name, reason: name === '' ? 'empty column name' : 'duplicate column name' },
            'bad header',
          );
        seen.add(name);
      }
      for (const f of this.config.required_fields ?? [])
        if (!seen.has(f))
          this.fail(
            'required_fields',
            { line: r.line, field: f, reason: 'required column missing from the header' },
            `column ${f} missing`,
          );
      return;
    }
    if (r.problem !== null) {
      this.fail('format', { line: r.line, field: null, reason: r.problem }, 'malformed CSV');
      return;
    }
    if (r.fields.length !== this.header.length) {
      this.fail(
        'format',
        { line: r.line, field: null, reason: `${r.fields.length} fields, the header has ${this.header.length}` },
        'wrong field count',
      );
      return;
    }
    const row: Record<string, unknown> = {};
    this.header.forEach((name, i) => (row[name] = csvValue(r.fields[i]!)));
    this.example(r.line, row);
  }

  private example(line: number, row: Record<string, unknown>): void {
    this.examples++;
    for (const [name, v] of Object.entries(row)) this.field(name, v);
    for (const f of this.config.required_fields ?? []) {
      const v = row[f];
      if (v === undefined || v === null || v === '')
        this.fail(
          'required_fields',
          { line, field: f, reason: v === undefined ? 'missing required field' : 'required field is empty' },
          `missing ${f}`,
        );
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
    for (const w of wordsOf(text)) this.vocab.add(w);
    const { max_sequence_length: max, min_sequence_length: min } = this.config;
    if (max !== undefined && tokens > max)
      this.fail('sequence_length', { line, field: null, reason: `${tokens} tokens, above max_sequence_length ${max}` }, 'too long');
    if (min !== undefined && tokens < min)
      this.fail('sequence_length', { line, field: null, reason: `${tokens} tokens, below min_sequence_length ${min}` }, 'too short');
    if (this.config.language_detection) {
      const script = dominantScript(text) ?? 'none';
      this.scripts.set(script, (this.scripts.get(script) ?? 0) + 1);
    }
  }

  private field(name: string, v: unknown): void {
    let s = this.fields.get(name);
    if (s === undefined) {
      if (this.fields.size >= MAX_FIELDS) {
        this.fieldOverflow++;
        return;
      }
      s = { present: 0, nulls: 0, types: new Set(), lengths: null };
      this.fields.set(name, s);
    }
    s.present++;
    const t = typeOf(v);
    if (t === 'null') s.nulls++;
    else s.types.add(t);
    if (typeof v === 'string') (s.lengths ??= new NumberStats()).add(v.length);
    if (LABEL_FIELDS.has(name.toLowerCase()) && (t === 'string' || t === 'integer' || t === 'boolean')) {
      let counts = this.labels.get(name);
      if (counts === undefined) this.labels.set(name, (counts = new Map()));
      const key = String(v);
      if (counts.has(key) || counts.size < MAX_LABELS) counts.set(key, (counts.get(key) ?? 0) + 1);
    }
  }

  private schemaType(types: Set<FieldType>): FieldType {
    if (types.size === 0) return 'null';
    if (types.size === 1) return [...types][0]!;
    if (types.size === 2 && types.has('integer') && types.has('number')) return 'number';
    return 'mixed';
  }

  private result(sha256: string): Analysis {
    const empty = { total_tokens: 0, vocab_size: 0 };
    if (this.unsupported !== null) {
      const details = { providedFormat: this.unsupported, declaredFormat: this.format, supportedFormats: ['jsonl', 'csv'] };
      return {
        bytes: this.bytes,
        sha256,
        examples: 0,
        schema: { fields: [] },
        statistics: {},
        report: {
          status: 'failed',
          checks: [{ name: 'format', status: 'failed', message: `the file is ${this.unsupported}, not ${this.format}` }],
          warnings: [],
          failingExamples: [],
          failingExampleCount: 0,
        },
        preprocessing: empty,
        failure: { error: 'UNSUPPORTED_FORMAT', message: `The uploaded file is ${this.unsupported}, not ${this.format}`, details },
      };
    }
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
    const warnings: string[] = [];
    for (const [f, n] of this.optionalMissing) warnings.push(`optional field ${f} is absent in ${n} of ${this.examples} examples`);
    if (this.blankLines > 0) warnings.push(`${this.blankLines} blank line(s) skipped`);
    if (this.fieldOverflow > 0)
      warnings.push(`only the first ${MAX_FIELDS} fields are profiled; ${this.fieldOverflow} other value(s) were not`);
    if (this.vocab.estimated) warnings.push('vocab_size is an estimate (HyperLogLog) above 50,000 distinct words');

    const fields = [...this.fields].map(([name, s]) => ({
      name,
      type: this.schemaType(s.types),
      nullable: s.nulls > 0 || s.present < this.examples,
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
    };
    if (this.config.language_detection) statistics.scripts = Object.fromEntries(this.scripts);
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
      bytes: this.bytes,
      sha256,
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
}
