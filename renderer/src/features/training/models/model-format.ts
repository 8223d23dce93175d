// How the Models views write a model's figures: sizes in bytes and parameters, metrics by their
// kind (losses to four places, accuracy as a percentage, perplexity to two), and the change of a
// metric from one version to the next, judged better or worse by the metric's direction.
import { formatNumber } from '../../../lib/format';

const BYTE_UNITS = ['B', 'KB', 'MB', 'GB', 'TB', 'PB'] as const;

/** Decimal units, as the API's deployable size is (40 GB = 40e9 bytes): `14.5 GB`, `512 B`. */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '—';
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < BYTE_UNITS.length - 1) {
    value /= 1000;
    unit++;
  }
  const shown = unit === 0 ? String(value) : value >= 100 ? value.toFixed(0) : value.toFixed(1).replace(/\.0$/, '');
  return `${formatNumber(Number(shown))} ${BYTE_UNITS[unit]}`;
}

/** A parameter count as model cards write it: `7.2B`, `350M`, `86K`, `512`. */
export function formatParameters(count: number): string {
  if (!Number.isFinite(count) || count < 0) return '—';
  const scales: Array<[number, string]> = [
    [1e12, 'T'],
    [1e9, 'B'],
    [1e6, 'M'],
    [1e3, 'K'],
  ];
  for (const [scale, suffix] of scales) {
    if (count >= scale) {
      const v = count / scale;
      return `${v >= 100 ? v.toFixed(0) : v.toFixed(1).replace(/\.0$/, '')}${suffix}`;
    }
  }
  return String(Math.round(count));
}

/** Which way a metric improves. Losses, perplexity, time and size go down; accuracy and scores up. */
export type Direction = 'lower' | 'higher';

export function metricDirection(key: string): Direction | null {
  const k = key.toLowerCase();
  if (/loss|perplexity|time|size|latency|error/.test(k)) return 'lower';
  if (/accuracy|score|f1|precision|recall|bleu|rouge|mmlu|hellaswag|arc|truthful|gsm8k|humaneval|imagenet/.test(k)) return 'higher';
  return null;
}

const METRIC_LABELS: Record<string, string> = {
  finalLoss: 'Final loss',
  bestLoss: 'Best loss',
  loss: 'Loss',
  validationLoss: 'Validation loss',
  accuracy: 'Accuracy',
  perplexity: 'Perplexity',
  steps: 'Steps',
  trainingTime: 'Training time',
  size: 'Size',
  mmlu: 'MMLU',
  hellaswag: 'HellaSwag',
  arc_challenge: 'ARC (challenge)',
  truthfulqa: 'TruthfulQA',
  gsm8k: 'GSM8K',
  humaneval: 'HumanEval',
  imagenet_top1: 'ImageNet top-1',
  imagenet_top5: 'ImageNet top-5',
};

/** `finalLoss` → "Final loss"; an unknown key in words (`eval_f1` → "Eval f1"). */
export function metricLabel(key: string): string {
  const known = METRIC_LABELS[key];
  if (known) return known;
  const words = key
    .replace(/_/g, ' ')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A metric's value as its kind is written: `0.4213`, `81.2 %`, `1.52`, `12,000`. */
export function formatMetric(key: string, value: unknown): string {
  if (typeof value !== 'number' || !Number.isFinite(value)) return value === null || value === undefined ? '—' : String(value);
  const k = key.toLowerCase();
  if (k === 'accuracy') return `${(value * 100).toFixed(1)} %`;
  if (k === 'perplexity') return value.toFixed(2);
  if (k.includes('loss')) return value.toFixed(4);
  if (k === 'size') return formatBytes(value);
  if (Number.isInteger(value)) return formatNumber(value);
  return Math.abs(value) >= 100 ? formatNumber(value) : value.toPrecision(4).replace(/\.?0+$/, '');
}

export interface MetricDelta {
  /** next − previous, in the metric's own unit (accuracy: percentage points). */
  delta: number;
  /** The change in words: `−0.0123`, `+1.4 pp`. */
  text: string;
  /** Better, worse, or neither (no change, or a metric with no direction). */
  verdict: 'better' | 'worse' | 'same' | 'unknown';
}

/** How a metric changed from one version to the next; null when either value is not a number. */
export function metricDelta(key: string, previous: unknown, next: unknown): MetricDelta | null {
  if (typeof previous !== 'number' || typeof next !== 'number' || !Number.isFinite(previous) || !Number.isFinite(next)) return null;
  const delta = next - previous;
  const k = key.toLowerCase();
  const sign = delta > 0 ? '+' : delta < 0 ? '−' : '±';
  const abs = Math.abs(delta);
  const text =
    k === 'accuracy'
      ? `${sign}${(abs * 100).toFixed(1)} pp`
      : k.includes('loss')
        ? `${sign}${abs.toFixed(4)}`
        : k === 'perplexity'
          ? `${sign}${abs.toFixed(2)}`
          : `${sign}${formatMetric(key, abs)}`;
  const direction = metricDirection(key);
  const verdict = delta === 0 ? 'same' : direction === null ? 'unknown' : delta < 0 === (direction === 'lower') ? 'better' : 'worse';
  return { delta, text, verdict };
}

/** The numeric entries of a metrics group, in a stable order (named ones first). */
export function numericMetrics(group: Record<string, unknown> | undefined): Array<[string, number]> {
  if (!group) return [];
  const order = Object.keys(METRIC_LABELS);
  return Object.entries(group)
    .filter((e): e is [string, number] => typeof e[1] === 'number' && Number.isFinite(e[1]))
    .sort(([a], [b]) => {
      const ia = order.indexOf(a);
      const ib = order.indexOf(b);
      return (ia < 0 ? order.length : ia) - (ib < 0 ? order.length : ib) || a.localeCompare(b);
    });
}
