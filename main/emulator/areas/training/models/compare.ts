// Model comparison (03-endpoints-training.md, Models: compare; docs/decisions.md, Training:
// models): the metrics a model's training recorded, benchmark scores computed from its final
// validation loss and size (seeded, deterministic, so a better-trained model scores better), the
// best model per measure, and recommendations read off the numbers.
import type { z } from 'zod';
import { MODEL_LIMITS, type Benchmark, type CompareMetric } from '../../../../../shared/api/training/models-actions';
import type { ModelType } from '../../../../../shared/api/training/jobs';
import { Rng } from '../../../core/rng';

type MetricName = z.infer<typeof CompareMetric>;
type BenchmarkName = z.infer<typeof Benchmark>;

/** What comparison reads of a model (its latest version). */
export interface Comparable {
  id: string;
  name: string;
  version: string;
  type: ModelType;
  /** Weight bytes derive from it (one per version): the benchmark noise's seed. */
  contentKey: string;
  parameters: number;
  bytes: number;
  finalLoss: number | null;
  bestLoss: number | null;
  validationLoss: number | null;
  accuracy: number | null;
  perplexity: number | null;
  trainingTime: number | null;
  archived: boolean;
}

const LOWER_IS_BETTER: Readonly<Record<MetricName, boolean>> = {
  finalLoss: true,
  bestLoss: true,
  validationLoss: true,
  accuracy: false,
  perplexity: true,
  trainingTime: true,
  size: true,
};

export function metricOf(m: Comparable, metric: MetricName): number | null {
  return metric === 'size' ? m.bytes : m[metric];
}

interface BenchmarkSpec {
  types: readonly ModelType[];
  /** Percent a guess scores, and the best reported. */
  chance: number;
  ceiling: number;
  /** Validation loss at which the score is halfway (for 1B parameters), and how steeply it responds. */
  midLoss: number;
  slope: number;
  /** Logits per decade of parameters. */
  perDecade: number;
}

const TEXT: readonly ModelType[] = ['llm', 'multimodal'];
/** Chance and ceiling from the benchmarks' papers (rounded); the response to loss is the emulator's. */
const BENCHMARK_SPECS: Readonly<Record<BenchmarkName, BenchmarkSpec>> = {
  mmlu: { types: TEXT, chance: 25, ceiling: 90, midLoss: 1.1, slope: 2.2, perDecade: 1.1 },
  hellaswag: { types: TEXT, chance: 25, ceiling: 95, midLoss: 1.4, slope: 2.0, perDecade: 0.9 },
  arc_challenge: { types: TEXT, chance: 25, ceiling: 96, midLoss: 1.2, slope: 2.0, perDecade: 1.0 },
  truthfulqa: { types: TEXT, chance: 22, ceiling: 80, midLoss: 1.0, slope: 1.6, perDecade: 0.6 },
  gsm8k: { types: TEXT, chance: 0, ceiling: 95, midLoss: 0.9, slope: 2.6, perDecade: 1.4 },
  humaneval: { types: TEXT, chance: 0, ceiling: 92, midLoss: 0.8, slope: 2.4, perDecade: 1.3 },
  imagenet_top1: { types: ['vision'], chance: 0.1, ceiling: 91, midLoss: 1.5, slope: 2.0, perDecade: 0.8 },
  imagenet_top5: { types: ['vision'], chance: 0.5, ceiling: 99, midLoss: 2.0, slope: 2.0, perDecade: 0.8 },
};

const sigmoid = (x: number) => 1 / (1 + Math.exp(-x));

/**
 * A benchmark score in percent, or null where the benchmark does not apply to the model's type
 * or it has no validation loss: a logistic in (midLoss − loss) plus a term per decade of
 * parameters, and a seeded wobble of at most ±0.4 points; strictly falling in the loss.
 */
export function benchmarkScore(m: Comparable, benchmark: BenchmarkName): number | null {
  const spec = BENCHMARK_SPECS[benchmark];
  if (!spec.types.includes(m.type) || m.validationLoss === null || !Number.isFinite(m.validationLoss)) return null;
  const decades = Math.log10(Math.max(m.parameters, 1e6) / 1e9);
  const p = sigmoid(spec.slope * (spec.midLoss - m.validationLoss) + spec.perDecade * decades);
  const wobble = (Rng.derive(0, `bench:${m.contentKey}:${benchmark}`).next() - 0.5) * 0.8;
  const score = spec.chance + (spec.ceiling - spec.chance) * p + wobble;
  return Math.round(Math.min(spec.ceiling, Math.max(0, score)) * 10) / 10;
}

/** The model best on each measure with a value (ties: the first asked for). */
export function bestPerforming(
  models: readonly Comparable[],
  metrics: readonly MetricName[],
  scores: ReadonlyMap<string, Readonly<Record<string, number | null>>>,
  benchmarks: readonly BenchmarkName[],
): Record<string, string> {
  const best: Record<string, string> = {};
  const pick = (key: string, value: (m: Comparable) => number | null, lower: boolean) => {
    let at: Comparable | null = null;
    let v = 0;
    for (const m of models) {
      const x = value(m);
      if (x === null || !Number.isFinite(x)) continue;
      if (at === null || (lower ? x < v : x > v)) [at, v] = [m, x];
    }
    if (at !== null) best[key] = at.id;
  };
  for (const metric of metrics) pick(metric, (m) => metricOf(m, metric), LOWER_IS_BETTER[metric]);
  for (const b of benchmarks) pick(b, (m) => scores.get(m.id)?.[b] ?? null, false);
  return best;
}

const pct = (x: number) => `${Math.round(x * 100)} %`;
const gb = (bytes: number) => `${(bytes / 1e9).toFixed(1)} GB`;
const label = (m: Comparable) => `${m.name} (${m.version})`;

export function recommendations(
  models: readonly Comparable[],
  best: Readonly<Record<string, string>>,
  benchmarks: readonly BenchmarkName[],
): string[] {
  const out: string[] = [];
  const byId = new Map(models.map((m) => [m.id, m]));
  const measures = Object.keys(best).length;
  const wins = new Map<string, number>();
  for (const id of Object.values(best)) wins.set(id, (wins.get(id) ?? 0) + 1);
  const leader = [...wins.entries()].sort((a, b) => b[1] - a[1])[0];
  if (leader) out.push(`${label(byId.get(leader[0])!)} is best on ${leader[1]} of ${measures} measures`);

  const withLoss = models.filter((m) => m.validationLoss !== null && Number.isFinite(m.validationLoss));
  const lowest = [...withLoss].sort((a, b) => a.validationLoss! - b.validationLoss!)[0];
  if (lowest) {
    for (const m of withLoss) {
      if (m === lowest) continue;
      const worse = (m.validationLoss! - lowest.validationLoss!) / lowest.validationLoss!;
      if (worse <= 0.01 && m.bytes <= lowest.bytes * 0.8)
        out.push(
          `${label(m)} is within ${pct(worse)} of ${label(lowest)}'s validation loss at ${pct(m.bytes / lowest.bytes)} of its size: cheaper to serve`,
        );
    }
  }
  for (const m of models) {
    if (m.finalLoss !== null && m.validationLoss !== null && m.validationLoss > m.finalLoss * 1.15)
      out.push(
        `${label(m)}'s validation loss is ${pct(m.validationLoss / m.finalLoss - 1)} above its training loss: it may overfit (fewer epochs, more data or more dropout)`,
      );
    if (m.bytes > MODEL_LIMITS.maxDeployableBytes)
      out.push(
        `${label(m)} is ${gb(m.bytes)}, over the ${gb(MODEL_LIMITS.maxDeployableBytes)} that can be deployed: quantize it or use LoRA`,
      );
    if (m.archived) out.push(`${label(m)} is archived: restore it before deploying it`);
  }
  for (const b of benchmarks) {
    const skipped = models.filter((m) => !BENCHMARK_SPECS[b].types.includes(m.type));
    if (skipped.length > 0) out.push(`${b} does not apply to ${skipped.map((m) => `${m.name} (${m.type})`).join(', ')}: no score`);
  }
  if (out.length === 0) out.push('No measure separates these models: compare them on benchmarks');
  return out;
}
