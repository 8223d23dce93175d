// The seeded experiments (docs/decisions.md, Training: experiments — seeded world): two
// comparisons over the seeded training jobs, so the console shows runs completed, failed,
// stopped, running and pending from the start. Ids come from a generator of their own, so
// adding them changes nothing else in the world.
import { Rng } from '../../../core/rng';
import type { StoredJob } from '../state';
import type { StoredExperiment } from './stored-schema';

const HOUR = 3_600_000;

interface ExperimentSeed {
  name: string;
  description: string;
  hypothesis: string;
  tags: string[];
  baseline: StoredExperiment['baseline'];
  /** Seeded job names, one run each. */
  jobs: Array<{ name: string; notes: string | null }>;
}

const SEEDS: readonly ExperimentSeed[] = [
  {
    name: 'support-assistant learning rate',
    description: 'LoRA learning rate and schedule for the support assistant on support-chat-v3',
    hypothesis: 'A learning rate near 2e-4 converges lowest; 1e-2 is unstable',
    tags: ['support', 'learning-rate'],
    baseline: { type: 'model', name: 'support-assistant-v0 (prompted)', metrics: { validation_loss: 1.2 } },
    jobs: [
      { name: 'support-assistant-v1', notes: 'reference run' },
      { name: 'support-assistant-lr-1e-2', notes: 'upper bound of the sweep' },
      { name: 'support-assistant-v2', notes: null },
    ],
  },
  {
    name: 'review-sentiment base models',
    description: 'Full fine-tune of Qwen against LoRA on Mistral for the review sentiment classifier',
    hypothesis: 'LoRA on a larger base model matches a full fine-tune at a fraction of the cost',
    tags: ['review-sentiment'],
    baseline: null,
    jobs: [
      { name: 'review-sentiment-qwen-full', notes: 'stopped at 45 % to free GPUs' },
      { name: 'review-sentiment-mistral', notes: null },
    ],
  },
];

export function buildTrainingExperiments(worldSeed: number, jobs: readonly StoredJob[]): StoredExperiment[] {
  const rng = Rng.derive(worldSeed, 'training-experiments');
  return SEEDS.flatMap((seed) => {
    const linked = seed.jobs.flatMap((s) => {
      const job = jobs.find((j) => j.name === s.name);
      return job ? [{ job, notes: s.notes }] : [];
    });
    if (linked.length === 0) return [];
    // Created an hour before its first job, each run added when its job was.
    const created = Math.min(...linked.map((l) => l.job.created_at)) - HOUR;
    return [
      {
        id: `exp_${rng.base62(16)}`,
        name: seed.name,
        description: seed.description,
        status: 'active' as const,
        hypothesis: seed.hypothesis,
        tags: seed.tags,
        metadata: { team: 'ml-platform' },
        baseline: seed.baseline,
        conclusion: null,
        created_at: created,
        updated_at: Math.max(...linked.map((l) => l.job.created_at)),
        completed_at: null,
        archived: null,
        cloned_from: null,
        runs: linked.map(({ job, notes }) => ({
          id: `run_${rng.base62(16)}`,
          training_job_id: job.id,
          name: job.name,
          parameters: {},
          tags: job.tags,
          notes,
          created_at: job.created_at,
          updated_at: job.created_at,
        })),
        exports: [],
      },
    ];
  });
}
