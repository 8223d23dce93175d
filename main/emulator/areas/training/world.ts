// The training area's part of the seeded world (docs/decisions.md, Training: datasets; Training:
// jobs for the jobs, models and GPU pool, built in jobs/world.ts): datasets
// in every status, whose size, checksum, schema, statistics and validation report come from
// content generated here and run through the same analyser as an upload (the bytes themselves
// are not kept: a seeded dataset has no blobs to read back).
import { createHash } from 'node:crypto';
import type { WorldDraft } from '../../core/area';
import { seededCreators } from '../../core/creators';
import type { Rng } from '../../core/rng';
import type { DatasetValidationConfig } from '../../../../shared/api/training/datasets';
import { analyzeText } from './datasets/analyze/analyze';
import { processingMs, toStored } from './datasets/ingest';
import { seedGpuPool } from './jobs/pool';
import { benchTrainingJobs, buildTrainingJobs } from './jobs/world';
import { settleJobs } from './models/register';
import type { StoredDataset, TrainingState } from './state';
import { seedTunings } from './tuning/world';
import { buildTrainingExperiments } from './experiments/world';
import { seededModelDownloads } from './models/seeded-downloads';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const TOPICS = ['billing', 'login', 'gpu quota', 'cluster restart', 'api key', 'invoice', 'latency', 'deployment'];
const VERBS = ['cannot', 'would like to', 'need help to', 'tried to', 'want to'];
const ACTIONS = ['rotate my key', 'resize a cluster', 'download a model', 'read the logs', 'raise my limits', 'change my plan'];
const ADJECTIVES = ['great', 'terrible', 'fine', 'slow', 'excellent', 'confusing', 'reliable', 'broken'];
const PRODUCTS = ['A100 node', 'H100 cluster', 'inference endpoint', 'storage bucket', 'training run'];

function sentence(rng: Rng, words: number): string {
  const out: string[] = [];
  for (let i = 0; i < words; i++) out.push(rng.pick([...TOPICS, ...ACTIONS, ...ADJECTIVES, 'the', 'a', 'with', 'after', 'and']));
  const s = out.join(' ');
  return `${s[0]!.toUpperCase()}${s.slice(1)}.`;
}

const csvCell = (v: string | number) => (typeof v === 'number' || !/[",\n]/.test(v) ? String(v) : `"${v.replace(/"/g, '""')}"`);

function chatJsonl(rng: Rng, n: number): string {
  const lines: string[] = [];
  for (let i = 0; i < n; i++) {
    const topic = rng.pick(TOPICS);
    lines.push(
      JSON.stringify({
        messages: [
          { role: 'user', content: `I ${rng.pick(VERBS)} ${rng.pick(ACTIONS)} (${topic}).` },
          { role: 'assistant', content: sentence(rng, rng.int(8, 60)) },
        ],
        category: topic,
      }),
    );
  }
  return `${lines.join('\n')}\n`;
}

function reviewsCsv(rng: Rng, n: number): string {
  const rows = ['id,text,label,rating'];
  for (let i = 1; i <= n; i++) {
    const rating = rng.int(1, 5);
    const label = rating >= 4 ? 'positive' : rating <= 2 ? 'negative' : 'neutral';
    rows.push(
      [
        i,
        `The ${rng.pick(PRODUCTS)} was ${rng.pick(ADJECTIVES)}, "${rng.pick(ADJECTIVES)}" overall, ${sentence(rng, rng.int(3, 20))}`,
        label,
        rating,
      ]
        .map(csvCell)
        .join(','),
    );
  }
  return `${rows.join('\n')}\n`;
}

function qaJsonl(rng: Rng, n: number, missingEvery: number): string {
  const lines: string[] = [];
  for (let i = 0; i < n; i++) {
    const row: Record<string, unknown> = { question: `How do I ${rng.pick(ACTIONS)}?`, jurisdiction: rng.pick(['EU', 'US', 'UK']) };
    if (i % missingEvery !== missingEvery - 1) row.answer = sentence(rng, rng.int(10, 40));
    lines.push(JSON.stringify(row));
  }
  return `${lines.join('\n')}\n`;
}

function catalogCsv(rng: Rng, n: number): string {
  const rows = ['sku,name,price,in_stock,category'];
  for (let i = 0; i < n; i++)
    rows.push(
      [
        `SKU-${1000 + i}`,
        `${rng.pick(ADJECTIVES)} ${rng.pick(PRODUCTS)}`,
        (rng.int(100, 99_999) / 100).toFixed(2),
        rng.next() < 0.8 ? 'true' : 'false',
        rng.pick(['compute', 'storage', 'network']),
      ]
        .map(csvCell)
        .join(','),
    );
  return `${rows.join('\n')}\n`;
}

interface Seed {
  name: string;
  type: StoredDataset['type'];
  format: 'jsonl' | 'csv';
  description: string;
  tags: string[];
  validation: DatasetValidationConfig;
  content: (rng: Rng) => string;
  /** Days before now it was created; its processing ended this long after. */
  ageDays: number;
  state: 'done' | 'processing' | 'uploading';
}

const SEEDS: readonly Seed[] = [
  {
    name: 'support-chat-v3',
    type: 'text',
    format: 'jsonl',
    description: 'Support conversations for instruction tuning',
    tags: ['chat', 'support'],
    validation: { required_fields: ['messages'], max_sequence_length: 2048, min_examples: 100 },
    content: (rng) => chatJsonl(rng, 240),
    ageDays: 12,
    state: 'done',
  },
  {
    name: 'review-sentiment',
    type: 'structured',
    format: 'csv',
    description: 'Product reviews labelled by sentiment',
    tags: ['classification'],
    validation: { required_fields: ['text', 'label'], min_examples: 50 },
    content: (rng) => reviewsCsv(rng, 500),
    ageDays: 8,
    state: 'done',
  },
  {
    name: 'legal-qa-draft',
    type: 'text',
    format: 'jsonl',
    description: 'Question–answer pairs, first draft (some answers missing)',
    tags: ['qa', 'draft'],
    validation: { required_fields: ['question', 'answer'], min_examples: 10 },
    content: (rng) => qaJsonl(rng, 120, 17),
    ageDays: 3,
    state: 'done',
  },
  {
    name: 'product-catalog-2026',
    type: 'structured',
    format: 'csv',
    description: 'Catalogue rows for a recommendation model',
    tags: ['catalog'],
    validation: { required_fields: ['sku', 'name', 'price'] },
    content: (rng) => catalogCsv(rng, 20_000),
    ageDays: 0,
    state: 'processing',
  },
  {
    name: 'code-instructions',
    type: 'text',
    format: 'jsonl',
    description: 'Waiting for its upload',
    tags: ['code'],
    validation: { required_fields: ['instruction', 'output'] },
    content: () => '',
    ageDays: 0,
    state: 'uploading',
  },
];

export function buildTrainingWorld(draft: WorldDraft, rng: Rng): TrainingState {
  const datasets = SEEDS.map((seed): StoredDataset => {
    const id = `ds_${rng.base62(16)}`;
    const created = draft.now - seed.ageDays * DAY - rng.int(1, 20) * HOUR;
    const base: StoredDataset = {
      id,
      name: seed.name,
      type: seed.type,
      format: seed.format,
      description: seed.description,
      tags: seed.tags,
      metadata: { source: 'seed' },
      validation: seed.validation,
      preprocessing: {},
      created_at: created,
      updated_at: created,
      upload: null,
      analysis: null,
      analysis_attempts: 0,
      ready_at: null,
      versions: [],
    };
    if (seed.state === 'uploading') {
      // Nobody holds this token: the seeded upload can only expire (2 h after the world is built;
      // the dataset is then `error` UPLOAD_EXPIRED) or be deleted.
      base.upload = {
        token_hash: createHash('sha256').update(rng.base62(40)).digest('hex'),
        expires_at: draft.now + 2 * HOUR,
        multipart: null,
      };
      return base;
    }
    const content = Buffer.from(seed.content(rng), 'utf8');
    const analysis = analyzeText(seed.format, seed.validation, content);
    const received = seed.state === 'processing' ? draft.now - 2 * 60_000 : created + 10 * 60_000;
    base.analysis = toStored(analysis);
    // A processing dataset ends a while after start, so the console shows it processing.
    base.ready_at = seed.state === 'processing' ? draft.now + 20 * 60_000 : received + processingMs(analysis.bytes);
    base.updated_at = received;
    base.versions = [
      {
        id: `dsv_${rng.base62(12)}`,
        created_at: received,
        size: analysis.bytes,
        checksum: createHash('sha256').update(content).digest('hex'),
        blobs: [],
      },
    ];
    return base;
  });
  const jobs = [
    ...buildTrainingJobs(rng, draft.seed, draft.now, datasets),
    ...benchTrainingJobs(rng, draft.seed, draft.now, datasets, draft.options.scale?.trainingJobs ?? 0),
  ];
  const creator = seededCreators(draft);
  jobs.forEach((j, i) => (j.created_by = creator(i)));
  datasets.forEach((d, i) => (d.created_by = creator(i)));
  const state: TrainingState = {
    datasets,
    jobs,
    models: [],
    tunings: [],
    experiments: buildTrainingExperiments(draft.seed, jobs),
    gpu_pool: seedGpuPool(rng),
    transfers: [],
    removed_storage: [],
  };
  // The completed seeded job has its model already.
  settleJobs(state, null, draft.now);
  seedTunings(state, draft.seed, draft.now);
  state.transfers = seededModelDownloads(draft.seed, state.models, draft.now);
  return state;
}
