// Synthetic experiment data for the chart benchmark, the chart e2e test and screenshots:
// seeded, so every run draws the same curves, trials and frontier.

/** mulberry32: a small seeded generator. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface Curve {
  id: string;
  label: string;
  steps: Float64Array;
  values: Float64Array;
}

/** `runs` loss curves of `steps` steps: exponential decay to a floor, with noise; every 17th diverges to NaN at the end. */
export function lossCurves(runs: number, steps: number, seed = 7): Curve[] {
  const random = rng(seed);
  return Array.from({ length: runs }, (_, r) => {
    const start = 2 + random() * 1.5;
    const floor = 0.15 + random() * 0.5;
    const tau = steps * (0.08 + random() * 0.3);
    const noise = 0.02 + random() * 0.05;
    const diverge = r % 17 === 16;
    const xs = new Float64Array(steps);
    const ys = new Float64Array(steps);
    for (let i = 0; i < steps; i++) {
      xs[i] = i * 10;
      const base = floor + (start - floor) * Math.exp(-i / tau);
      const blow = diverge && i > steps * 0.7 ? Math.exp((i - steps * 0.7) / (steps * 0.04)) : 1;
      ys[i] = diverge && i > steps * 0.95 ? Number.NaN : base * blow * (1 + (random() - 0.5) * noise * 2);
    }
    return {
      id: `run_${String(r + 1).padStart(3, '0')}`,
      label: `run-${r + 1} lr ${(10 ** (-5 + random() * 3)).toExponential(1)}`,
      steps: xs,
      values: ys,
    };
  });
}

export const OPTIMIZERS = ['adamw', 'sgd', 'lion', 'adafactor'];
const SCHEDULERS = ['cosine', 'linear', 'constant_with_warmup'];

export interface Trial {
  id: string;
  values: Record<string, number | string | null>;
}

/** Tuning trials: parameters and the metrics a seeded objective gives them (some without a metric: failed). */
export function trials(n: number, seed = 11): Trial[] {
  const random = rng(seed);
  return Array.from({ length: n }, (_, i) => {
    const lr = 10 ** (-6 + random() * 5);
    const batch = 2 ** (3 + Math.floor(random() * 6));
    const warmup = Math.round(random() * 2000);
    const wd = 10 ** (-5 + random() * 4);
    const rank = 2 ** (2 + Math.floor(random() * 6));
    const optimizer = OPTIMIZERS[Math.floor(random() * OPTIMIZERS.length)]!;
    const scheduler = SCHEDULERS[Math.floor(random() * SCHEDULERS.length)]!;
    const dist = Math.abs(Math.log10(lr) + 3.5);
    const loss = 0.2 + dist * 0.35 + 20 / batch / 10 + (optimizer === 'sgd' ? 0.2 : 0) + random() * 0.15;
    const failed = i % 41 === 40;
    const accuracy = Math.max(0, Math.min(1, 0.95 - loss * 0.3 + (random() - 0.5) * 0.05));
    const cost = Math.round((batch * 0.4 + rank * 0.3 + 8 + random() * 10) * 100) / 100;
    const duration = Math.round((2000 / Math.sqrt(batch) + warmup * 0.05 + random() * 100) * 10) / 10;
    return {
      id: `trial_${i + 1}`,
      values: {
        learning_rate: lr,
        batch_size: batch,
        warmup_steps: warmup,
        weight_decay: wd,
        lora_rank: rank,
        optimizer,
        scheduler,
        eval_loss: failed ? null : loss,
        accuracy: failed ? null : accuracy,
        cost_usd: cost,
        duration_min: duration,
      },
    };
  });
}
