// What a training job can run on and start from (03-endpoints-training.md, Training job: gpuType,
// config keys; the document shows no catalogue): GPU types with their memory, peak throughput and
// price, base models with their parameter counts, vision architectures. Shared so the emulator's
// plan and the console's cost estimate agree (docs/decisions.md, Training: jobs).
import { z } from 'zod';
import { GPU_HOURLY_PRICE } from '../clusters/common';

export const TrainingGpuType = z.enum(['a100', 'h100', 'v100', 'rtx4090']);
export type TrainingGpuType = z.infer<typeof TrainingGpuType>;

export interface TrainingGpu {
  displayName: string;
  memoryGb: number;
  /** Dense bf16/fp16 tensor peak, TFLOPS (vendors' data sheets, rounded). */
  peakTflops: number;
  /** USD per GPU-hour: the clusters' price table where it has the type; V100 chosen. */
  hourlyPrice: number;
  /** The GPU type as the clusters' table and usage by GPU type name it (`A100_80GB`), so a type's hours add up across areas. */
  usageType: string;
}

export const TRAINING_GPUS: Readonly<Record<TrainingGpuType, TrainingGpu>> = {
  a100: { displayName: 'NVIDIA A100 80GB', memoryGb: 80, peakTflops: 312, hourlyPrice: GPU_HOURLY_PRICE.A100_80GB, usageType: 'A100_80GB' },
  h100: { displayName: 'NVIDIA H100 80GB', memoryGb: 80, peakTflops: 989, hourlyPrice: GPU_HOURLY_PRICE.H100, usageType: 'H100' },
  v100: { displayName: 'NVIDIA V100 32GB', memoryGb: 32, peakTflops: 125, hourlyPrice: 0.89, usageType: 'V100' },
  rtx4090: {
    displayName: 'NVIDIA GeForce RTX 4090',
    memoryGb: 24,
    peakTflops: 165,
    hourlyPrice: GPU_HOURLY_PRICE.RTX_4090,
    usageType: 'RTX_4090',
  },
};

/** Base models the emulator knows by name (parameters); other names must carry their size (`-7b`, `350m`). */
export const BASE_MODELS: Readonly<Record<string, number>> = {
  gpt2: 124e6,
  'qwen2-0.5b': 0.5e9,
  'gemma-2b': 2.5e9,
  'phi-3-mini': 3.8e9,
  'llama-2-7b': 6.7e9,
  'mistral-7b': 7.2e9,
  'llama-3-8b': 8.0e9,
  'llava-1.5-7b': 7.1e9,
  'llama-2-13b': 13e9,
  'mixtral-8x7b': 46.7e9,
  'llama-3-70b': 70.6e9,
};

/** Parameters of a base model: the catalogue, else a size in the name (`my-org/model-7b`, `tiny-350m`); null when neither. */
export function baseModelParameters(name: string): number | null {
  const known = BASE_MODELS[name.toLowerCase()];
  if (known !== undefined) return known;
  const m = /(?:^|[^a-z0-9.])(\d+(?:\.\d+)?)([bm])(?![a-z0-9])/i.exec(name);
  if (!m) return null;
  const n = Number(m[1]) * (m[2]!.toLowerCase() === 'b' ? 1e9 : 1e6);
  return n >= 1e6 && n <= 2e12 ? n : null;
}

export interface VisionArchitecture {
  parameters: number;
  /** Activation memory per image at 224×224 in training, MB (scales with the pixel count). */
  activationMb224: number;
  /** Forward FLOPs per image at 224×224, GFLOPs. */
  gflops224: number;
}

export const VISION_ARCHITECTURES: Readonly<Record<string, VisionArchitecture>> = {
  resnet18: { parameters: 11.7e6, activationMb224: 30, gflops224: 1.8 },
  resnet50: { parameters: 25.6e6, activationMb224: 100, gflops224: 4.1 },
  'efficientnet-b0': { parameters: 5.3e6, activationMb224: 80, gflops224: 0.39 },
  'convnext-tiny': { parameters: 28.6e6, activationMb224: 110, gflops224: 4.5 },
  'vit-b-16': { parameters: 86.6e6, activationMb224: 150, gflops224: 17.6 },
  'vit-l-16': { parameters: 304e6, activationMb224: 400, gflops224: 61.6 },
};
