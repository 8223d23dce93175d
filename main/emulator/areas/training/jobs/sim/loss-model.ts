// The seeded training model (docs/decisions.md, Training: jobs — loss model): the loss of a job
// at any step as a closed form of its config, its dataset's size and its seed, so a job's curve
// is computed when read, the same every time, and continues unchanged across stop and resume.
//
//   L(s) = [floor_eff(s) + (L0 − floor) · (1 + τ(s))^−1.5] · exp(σ·z(s) − σ²/2)
//
// τ(s) is the learning progress: κ · (lr/lr_ref) · √(batch/16) · ∫lr/peak — so the warmup and the
// schedule shape the curve, a higher learning rate moves faster, a larger batch makes more
// progress per step with less noise. The floor falls with more data and more capacity (model
// size, LoRA rank, full fine-tuning); a learning rate still high at the end keeps the loss above
// it. At lr ≥ 25 · lr_ref training is unstable: the loss blows up from the step the warmup
// crosses that threshold and is NaN a few (seeded) steps later, where the job fails.

type Scheduler = 'constant' | 'linear' | 'cosine';

export interface LossModelInput {
  kind: 'language' | 'vision';
  /** Parameters of the model. */
  parameters: number;
  strategy: 'lora' | 'qlora' | 'full';
  /** LoRA rank (ignored for full fine-tuning). */
  rank: number;
  /** Examples in the dataset. */
  examples: number;
  /** Classes of a vision model (its initial loss is ln C). */
  numClasses: number;
  learningRate: number;
  scheduler: Scheduler;
  warmupSteps: number;
  totalSteps: number;
  stepsPerEpoch: number;
  /** Examples per optimizer step, all workers. */
  effectiveBatch: number;
  /** 32-bit seed of the job (world seed × job id). */
  seed: number;
  /**
   * 32-bit seed of the dataset's evaluation set (evaluationSeedOf): every job trained on the same
   * dataset (id and example count) is evaluated on the same examples.
   */
  evaluationSeed: number;
}

/** Progress per step at the reference learning rate, a full schedule and a batch of 16. */
const KAPPA = 0.04;
/**
 * lr / lr_ref at and beyond which training diverges.
 * @internal Exported for its tests only.
 */
export const DIVERGENCE_RATIO = 25;
/** Growth of the loss per step once diverging (e-folds). */
const BLOW_UP_RATE = 0.45;

/** The learning rate a strategy trains well at: the unit of `x = lr / lr_ref`. */
import { referenceLearningRate } from '../../../../../../shared/api/training/job-plan';

/** A 32-bit mix of two integers (murmur3's finaliser over a combination). */
export function hash32(a: number, b: number): number {
  let h = (Math.imul(a >>> 0, 0x9e3779b1) ^ (b >>> 0)) >>> 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b) >>> 0;
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35) >>> 0;
  h ^= h >>> 16;
  return h >>> 0;
}

/** A seed from a string (FNV-1a), e.g. a job id with the world seed. */
export function seedOf(worldSeed: number, text: string): number {
  let h = (0x811c9dc5 ^ worldSeed) >>> 0;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}

const uniform = (seed: number, n: number) => (hash32(seed, n) + 0.5) / 4294967296;

/** Standard normal for (seed, channel, step), Box–Muller over two hashed uniforms. */
export function gaussian(seed: number, channel: number, step: number): number {
  const base = hash32(seed, channel);
  const u1 = uniform(base, 2 * step);
  const u2 = uniform(base, 2 * step + 1);
  return Math.sqrt(-2 * Math.log(u1)) * Math.cos(2 * Math.PI * u2);
}

export const NOISE_CHANNEL = {
  loss: 1,
  throughput: 2,
  memory: 3,
  constants: 4,
  seedEffect: 5,
  exampleFactor: 6,
  exampleDifficulty: 7,
} as const;

/**
 * Seed-to-seed spread of a run's loss floor (log-normal σ, mean factor 1): fine-tuning the same
 * configuration with another seed ends about 1 % higher or lower.
 */
const SEED_SPREAD = 0.01;
/** Spread of the evaluation examples' difficulty D_i (log-normal σ, mean 1), shared by every model on a dataset. */
const DIFFICULTY_SPREAD = 0.5;
/** Spread of a model's per-example factor E_i (log-normal σ, mean 1), its own (the job's seed). */
const EXAMPLE_SPREAD = 0.25;
/** The evaluation set: 10 % of the dataset's examples, at least 50 (or all of a smaller dataset), at most 500. */
const EVALUATION_SET = { fraction: 0.1, min: 50, max: 500 } as const;

/** @internal Exported for its tests only. */
export function evaluationSize(examples: number): number {
  const { fraction, min, max } = EVALUATION_SET;
  return Math.max(1, Math.min(examples, Math.max(min, Math.min(max, Math.round(examples * fraction)))));
}

/** The evaluation set's seed: the dataset's id and its example count (a job knows no dataset version). */
export function evaluationSeedOf(datasetId: string, examples: number): number {
  return seedOf(0, `eval:${datasetId}:${examples}`);
}

/** exp(σz − σ²/2): a log-normal factor of mean 1. */
const logNormal = (sigma: number, z: number) => Math.exp(sigma * z - (sigma * sigma) / 2);

/** Difficulties of an evaluation set's examples by (seed, size), bounded (most recently used last). */
const DIFFICULTIES = new Map<string, Float64Array>();
const DIFFICULTIES_MAX = 64;

function difficulties(seed: number, n: number): Float64Array {
  const key = `${seed}:${n}`;
  let d = DIFFICULTIES.get(key);
  if (d) DIFFICULTIES.delete(key);
  else {
    d = new Float64Array(n);
    for (let i = 0; i < n; i++) d[i] = logNormal(DIFFICULTY_SPREAD, gaussian(seed, NOISE_CHANNEL.exampleDifficulty, i));
  }
  DIFFICULTIES.set(key, d);
  if (DIFFICULTIES.size > DIFFICULTIES_MAX) DIFFICULTIES.delete(DIFFICULTIES.keys().next().value!);
  return d;
}

export class LossModel {
  readonly lrRef: number;
  readonly x: number;
  readonly floor: number;
  readonly initialLoss: number;
  /** Null when the run is stable; else the step the loss starts blowing up and the step it is NaN (the job fails there). */
  readonly divergence: { startStep: number; failStep: number } | null;
  private readonly batchFactor: number;
  private readonly noiseScale: number;
  private readonly gapScale: number;
  private readonly warmup: number;
  /** How fast a divergence blows the loss up (per step). */
  private readonly blowUpRate: number;
  /** D_i·E_i of each evaluation example (computed when first asked). */
  private factors: Float64Array | null = null;
  /** mean_i(D_i·E_i): the reported validation loss is the mean of the per-example losses. */
  private factorMean = NaN;

  constructor(readonly input: LossModelInput) {
    const i = input;
    this.lrRef = referenceLearningRate(i.kind, i.strategy);
    this.x = i.learningRate / this.lrRef;
    this.warmup = Math.min(i.warmupSteps, i.totalSteps);
    this.batchFactor = Math.sqrt(i.effectiveBatch / 16);
    const u = uniform(hash32(i.seed, NOISE_CHANNEL.constants), 0);
    const capacity = i.strategy === 'full' ? 0.55 : (8 / i.rank) ** 0.2 * (i.strategy === 'qlora' ? 1.05 : 1);
    if (i.kind === 'language') {
      this.floor = 0.35 + 0.25 * (7e9 / i.parameters) ** 0.15 * capacity + 1.8 * i.examples ** -0.3;
      this.initialLoss = 2.1 + 0.3 * (7e9 / i.parameters) ** 0.1 + 0.1 * (u - 0.5);
    } else {
      const lnC = Math.log(i.numClasses);
      this.floor = lnC * (0.02 + 0.12 * (25e6 / i.parameters) ** 0.15 * capacity + 2.0 * i.examples ** -0.35);
      this.initialLoss = lnC * (1 + 0.05 * u);
    }
    // The seed's effect: where this run ends, given its configuration (replicates differ by it).
    this.floor *= logNormal(SEED_SPREAD, gaussian(i.seed, NOISE_CHANNEL.seedEffect, 0));
    this.noiseScale = Math.min(0.5, 0.02 * Math.sqrt(16 / i.effectiveBatch) * (1 + 3 * (this.x / DIVERGENCE_RATIO) ** 2));
    // Overfitting: the generalisation gap grows with passes over small data, faster with more capacity.
    this.gapScale = 0.02 * Math.sqrt(500 / i.examples) * (i.strategy === 'full' ? 2 : (i.rank / 8) ** 0.25);
    this.divergence = this.findDivergence();
    // A diverging run explodes before it is NaN: at its last finite step the loss is 1,000× its
    // initial value whatever the clean curve did meanwhile, so the noise cannot hide the blow-up.
    const d = this.divergence;
    this.blowUpRate =
      d === null
        ? BLOW_UP_RATE
        : Math.max(BLOW_UP_RATE, Math.log((1000 * this.initialLoss) / this.clean(d.failStep - 1)) / (d.failStep - d.startStep));
  }

  private findDivergence(): { startStep: number; failStep: number } | null {
    if (this.x < DIVERGENCE_RATIO) return null;
    // With a linear warmup the rate crosses the threshold part-way; without, at once.
    const start = this.warmup > 0 ? Math.ceil((this.warmup * DIVERGENCE_RATIO) / this.x) : 0;
    const fail = start + 4 + (hash32(this.input.seed, 0xd1e) % 12);
    return fail <= this.input.totalSteps ? { startStep: start, failStep: fail } : null;
  }

  /** Schedule value in [0, 1] at step s (the learning rate is peak × this). */
  shape(s: number): number {
    const { totalSteps: T, scheduler } = this.input;
    const W = this.warmup;
    if (W > 0 && s < W) return s / W;
    if (T <= W) return 1;
    const u = Math.min(1, Math.max(0, (s - W) / (T - W)));
    if (scheduler === 'constant') return 1;
    if (scheduler === 'linear') return 1 - u;
    return 0.5 * (1 + Math.cos(Math.PI * u));
  }

  learningRate(s: number): number {
    return this.input.learningRate * this.shape(s);
  }

  /** ∫₀ˢ shape(t) dt: steps' worth of learning at the peak rate. */
  private integral(s: number): number {
    const { totalSteps: T, scheduler } = this.input;
    const W = this.warmup;
    if (s <= W) return W > 0 ? (s * s) / (2 * W) : 0;
    const warm = W / 2;
    const span = T - W;
    if (span <= 0) return warm + (s - W);
    const u = Math.min(1, (s - W) / span);
    if (scheduler === 'constant') return warm + (s - W);
    if (scheduler === 'linear') return warm + span * (u - (u * u) / 2);
    return warm + span * 0.5 * (u + Math.sin(Math.PI * u) / Math.PI);
  }

  /** Learning progress τ(s). */
  progress(s: number): number {
    return KAPPA * this.x * this.batchFactor * this.integral(s);
  }

  /** The loss without noise (and without the blow-up of a divergence). */
  clean(s: number): number {
    const floorEff = this.floor * (1 + 0.04 * this.x * this.shape(s));
    return floorEff + (this.initialLoss - this.floor) * (1 + this.progress(s)) ** -1.5;
  }

  private blowUp(s: number): number {
    const d = this.divergence;
    return d !== null && s >= d.startStep ? Math.exp(this.blowUpRate * (s - d.startStep + 1)) : 1;
  }

  /** Training loss at step s (noisy); NaN from the failing step of a divergence on. */
  trainLoss(s: number): number {
    if (this.divergence !== null && s >= this.divergence.failStep) return NaN;
    // Log-normal: relative noise, never below zero, mean the clean value.
    const sigma = this.noiseScale;
    return this.clean(s) * Math.exp(sigma * gaussian(this.input.seed, NOISE_CHANNEL.loss, s) - (sigma * sigma) / 2) * this.blowUp(s);
  }

  /** μ(s): the expected validation loss of an example of difficulty 1 — the clean curve plus a gap that grows with epochs over small data. */
  private expectedValidation(s: number): number {
    if (this.divergence !== null && s >= this.divergence.failStep) return NaN;
    const epochs = s / this.input.stepsPerEpoch;
    const gap = 0.03 * this.floor + this.gapScale * Math.max(0, epochs - 1);
    return (this.clean(s) + gap) * this.blowUp(s);
  }

  /** D_i·E_i of each evaluation example (shared: not to be written to); the per-example loss is μ(s) times it. */
  exampleFactors(): Float64Array {
    if (this.factors === null) {
      const n = evaluationSize(this.input.examples);
      const d = difficulties(this.input.evaluationSeed, n);
      const f = new Float64Array(n);
      let sum = 0;
      for (let k = 0; k < n; k++) {
        f[k] = d[k]! * logNormal(EXAMPLE_SPREAD, gaussian(this.input.seed, NOISE_CHANNEL.exampleFactor, k));
        sum += f[k]!;
      }
      this.factors = f;
      this.factorMean = sum / n;
    }
    return this.factors;
  }

  /** Validation loss at step s: the mean of the per-example losses on the evaluation set (exampleLosses). */
  validationLoss(s: number): number {
    this.exampleFactors();
    return this.expectedValidation(s) * this.factorMean;
  }

  /**
   * The loss of each evaluation example at step s: μ(s)·D_i·E_i, D_i the example's difficulty
   * (the dataset's), E_i this model's factor on it (the job's seed). Their mean is validationLoss(s).
   */
  exampleLosses(s: number): Float64Array {
    const f = this.exampleFactors();
    const mu = this.expectedValidation(s);
    return f.map((x) => mu * x);
  }
}
