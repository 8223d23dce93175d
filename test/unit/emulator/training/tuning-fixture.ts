// The seeded tuning objective the algorithm tests and the suggestion bench share: the training
// model's eval loss of a LoRA fine-tune of an 8B model on 240 examples (the integration tests'
// parent job), over nine parameters of every search-space type.
import { compileSpace, type SearchSpace } from '../../../../main/emulator/areas/training/tuning/algorithms/space';
import type { Parent } from '../../../../main/emulator/areas/training/tuning/objective';

export const PARENT: Parent = {
  model_type: 'llm',
  config: { baseModel: 'llama-3-8b', strategy: 'lora', parameters: { rank: 8 }, training: { epochs: 2, batch_size: 4 } },
  examples: 240,
  gpu_type: 'a100',
  workers: 1,
  seed: 1234,
};

/** The search space as a request sends it (the read-after-advance bench posts it). */
export const SEARCH_SPACE = {
  learning_rate: { type: 'log_uniform', min: 1e-6, max: 1e-1 },
  batch_size: { type: 'choice', values: [2, 4, 8, 16] },
  warmup_steps: { type: 'int_uniform', min: 0, max: 20 },
  weight_decay: { type: 'uniform', min: 0, max: 0.3 },
  rank: { type: 'int_log_uniform', min: 2, max: 64 },
  dropout: { type: 'uniform', min: 0, max: 0.5 },
  lora_alpha: { type: 'int_uniform', min: 4, max: 64 },
  epochs: { type: 'int_uniform', min: 1, max: 4 },
  lr_scheduler_type: { type: 'choice', values: ['constant', 'linear', 'cosine'] },
} satisfies SearchSpace;

export const SPACE = compileSpace(SEARCH_SPACE);
