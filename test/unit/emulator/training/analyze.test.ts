// The dataset analyser's parts: line splitting across chunks, RFC 4180 CSV, the token estimate,
// percentiles and distinct counts, and the analyser fed a file in odd-sized chunks.
import { describe, expect, it } from 'vitest';
import { ANALYSIS_BOUNDS } from '../../../../main/emulator/areas/training/datasets/analyze/bounds';
import { ExampleAccumulator } from '../../../../main/emulator/areas/training/datasets/analyze/examples';
import { csvReader } from '../../../../main/emulator/areas/training/datasets/analyze/formats/csv';
import { jsonlReader } from '../../../../main/emulator/areas/training/datasets/analyze/formats/jsonl';
import { LineSplitter } from '../../../../main/emulator/areas/training/datasets/analyze/lines';
import { DistinctCounter, NumberStats } from '../../../../main/emulator/areas/training/datasets/analyze/summary';
import { estimateTokens } from '../../../../main/emulator/areas/training/datasets/analyze/tokens';

function lines(chunks: string[]): Array<[number, string]> {
  const out: Array<[number, string]> = [];
  const s = new LineSplitter((l) => out.push([l.number, l.bytes!.toString()]));
  for (const c of chunks) s.push(Buffer.from(c));
  s.end();
  return out;
}

/** A file read by a format's reader in chunks of `size` bytes, into one accumulator. */
function analyse(format: 'jsonl' | 'csv', text: string, config = {}, size = 1 << 20) {
  const sink = new ExampleAccumulator(format, config);
  const ctx = { sink, bounds: ANALYSIS_BOUNDS, scratch: '', progress: () => {} };
  const reader = format === 'jsonl' ? jsonlReader(ctx) : csvReader(ctx);
  const b = Buffer.from(text);
  for (let i = 0; i < b.length; i += size) reader.push(b.subarray(i, i + size));
  reader.end();
  return sink.result(b.length);
}

describe('dataset analysis', () => {
  it('splits lines across chunk boundaries, CRLF and a BOM', () => {
    expect(lines(['\ufeffab', 'c\r\nde', 'f\n\ngh'])).toEqual([
      [1, 'abc'],
      [2, 'def'],
      [3, ''],
      [4, 'gh'],
    ]);
  });

  it('parses RFC 4180 CSV: quoted commas, doubled quotes, line breaks, and reports stray quotes', () => {
    const a = analyse('csv', 'a,b\n"x, y","say ""hi"""\n"multi\nline",2\nbad"quote,3\n"ok"x,4\nc,d');
    expect(a.examples).toBe(3);
    expect(a.statistics.fields).toMatchObject({ a: { present: 3 }, b: { present: 3 } });
    expect(a.report.failingExamples).toEqual([
      { line: 5, field: null, reason: 'a quote inside an unquoted field' },
      { line: 6, field: null, reason: 'text after a closing quote' },
    ]);
  });

  it('estimates tokens: a word per 4 characters, CJK per character, symbols one each', () => {
    expect(estimateTokens('')).toBe(0);
    expect(estimateTokens('hello world')).toBe(4); // hello → 2, world → 2
    expect(estimateTokens('GPU!')).toBe(2);
    expect(estimateTokens('漢字')).toBe(2);
  });

  it('gives nearest-rank percentiles and exact distinct counts below the HyperLogLog switch', () => {
    const s = new NumberStats();
    for (let i = 1; i <= 100; i++) s.add(i);
    expect(s.summary()).toEqual({ count: 100, min: 1, max: 100, mean: 50.5, p50: 50, p90: 90, p95: 95, p99: 99 });
    const d = new DistinctCounter();
    for (let i = 0; i < 1000; i++) d.add(`w${i % 300}`);
    expect(d.size).toBe(300);
    const big = new DistinctCounter();
    for (let i = 0; i < 200_000; i++) big.add(`word${i}`);
    expect(big.estimated).toBe(true);
    expect(Math.abs(big.size - 200_000) / 200_000).toBeLessThan(0.03);
  });

  it('gives the same result whatever the chunking', () => {
    const text = ['{"a":"x y z","label":"p"}', '{"a":"longer text here","label":"q"}', '{"a":null}'].join('\n');
    const run = (size: number) => analyse('jsonl', text, { required_fields: ['a'] }, size);
    const whole = run(1 << 20);
    expect(run(3)).toEqual(whole);
    expect(whole.examples).toBe(3);
    expect(whole.report.failingExamples).toEqual([{ line: 3, field: 'a', reason: 'required field is empty' }]);
    expect(whole.schema.fields).toEqual([
      { name: 'a', type: 'string', nullable: true },
      { name: 'label', type: 'string', nullable: true },
    ]);
  });
});
