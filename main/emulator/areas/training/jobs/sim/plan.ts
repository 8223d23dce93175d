// A job's plan (docs/decisions.md, Training: jobs — plan) lives in shared/api/training/job-plan.ts,
// so the console's estimate and the emulator agree; the loss model's input is made here.
import type { ResolvedConfig, JobPlan } from '../../../../../../shared/api/training/job-plan';
import { LossModel, type LossModelInput } from './loss-model';

export {
  planJob,
  resolveConfig,
  trainableParameters,
  transformerShape,
  type JobPlan,
  type ResolvedConfig,
} from '../../../../../../shared/api/training/job-plan';

export function lossModelOf(
  c: ResolvedConfig,
  plan: Pick<JobPlan, 'total_steps' | 'steps_per_epoch'>,
  examples: number,
  workers: number,
  seed: number,
  /** The evaluation set's (evaluationSeedOf: the dataset's, so models on one dataset share it). */
  evaluationSeed: number,
): LossModel {
  const input: LossModelInput = {
    kind: c.kind,
    parameters: c.parameters,
    strategy: c.strategy,
    rank: c.lora?.rank ?? 0,
    examples,
    numClasses: c.num_classes,
    learningRate: c.learning_rate,
    scheduler: c.lr_scheduler_type,
    warmupSteps: c.warmup_steps,
    totalSteps: plan.total_steps,
    stepsPerEpoch: plan.steps_per_epoch,
    effectiveBatch: c.batch_size * c.gradient_accumulation_steps * workers,
    seed,
    evaluationSeed,
  };
  return new LossModel(input);
}
