// Seeded cluster templates: official ones of several frameworks and categories (one
// deprecated) and custom ones of the team's projects.
import type { Framework, TemplateCategory } from '../../../../../shared/api/clusters/templates';
import type { GpuType } from '../../../../../shared/api/clusters/common';
import type { Rng } from '../../../core/rng';
import type { StoredTemplate } from '../state';
import { ALL_REGIONS, softwareFor } from '../templates/defaults';

const DAY = 86_400_000;

interface Spec {
  name: string;
  category: TemplateCategory;
  framework: Framework | null;
  image: string;
  gpu: [GpuType, number];
  cpu: number;
  memory: number;
  storage: number;
  official: boolean;
  project: string | null;
  deprecated?: boolean;
  ports: Array<[number, string]>;
  packages: string[];
  tags: string[];
}

const SPECS: Spec[] = [
  {
    name: 'PyTorch 2.3 + CUDA 12.1',
    category: 'ml',
    framework: 'pytorch',
    image: 'registry.gpu-console.example.com/official/pytorch:2.3-cuda12.1',
    gpu: ['A100_80GB', 1],
    cpu: 16,
    memory: 128,
    storage: 500,
    official: true,
    project: null,
    ports: [
      [8888, 'Jupyter Lab'],
      [6006, 'TensorBoard'],
    ],
    packages: ['torch==2.3.1', 'torchvision', 'jupyterlab'],
    tags: ['pytorch', 'training', 'jupyter'],
  },
  {
    name: 'TensorFlow 2.16 GPU',
    category: 'ml',
    framework: 'tensorflow',
    image: 'registry.gpu-console.example.com/official/tensorflow:2.16-gpu',
    gpu: ['A100_40GB', 1],
    cpu: 12,
    memory: 96,
    storage: 300,
    official: true,
    project: null,
    ports: [
      [8888, 'Jupyter Lab'],
      [6006, 'TensorBoard'],
    ],
    packages: ['tensorflow==2.16.1', 'keras'],
    tags: ['tensorflow', 'training'],
  },
  {
    name: 'Hugging Face Transformers',
    category: 'ml',
    framework: 'huggingface',
    image: 'registry.gpu-console.example.com/official/hf-transformers:4.41-cuda12.1',
    gpu: ['H100', 2],
    cpu: 32,
    memory: 256,
    storage: 1000,
    official: true,
    project: null,
    ports: [
      [8888, 'Jupyter Lab'],
      [7860, 'Gradio demo'],
    ],
    packages: ['transformers==4.41.2', 'accelerate', 'datasets', 'peft'],
    tags: ['llm', 'finetuning', 'huggingface'],
  },
  {
    name: 'Jupyter Data Science',
    category: 'dev',
    framework: 'sklearn',
    image: 'registry.gpu-console.example.com/official/datascience:2024.06',
    gpu: ['T4', 1],
    cpu: 8,
    memory: 32,
    storage: 100,
    official: true,
    project: null,
    ports: [[8888, 'Jupyter Lab']],
    packages: ['scikit-learn', 'pandas', 'polars', 'matplotlib'],
    tags: ['notebook', 'analytics'],
  },
  {
    name: 'Production Inference Server',
    category: 'production',
    framework: 'pytorch',
    image: 'registry.gpu-console.example.com/official/inference-server:3.2',
    gpu: ['L40S', 2],
    cpu: 16,
    memory: 64,
    storage: 200,
    official: true,
    project: null,
    ports: [
      [8000, 'Inference API'],
      [8002, 'Prometheus metrics'],
    ],
    packages: ['torch==2.3.1', 'fastapi', 'uvicorn'],
    tags: ['serving', 'api', 'production'],
  },
  {
    name: 'PyTorch 1.13 (legacy)',
    category: 'ml',
    framework: 'pytorch',
    image: 'registry.gpu-console.example.com/official/pytorch:1.13-cuda11.7',
    gpu: ['A100_40GB', 1],
    cpu: 8,
    memory: 64,
    storage: 200,
    official: true,
    project: null,
    deprecated: true,
    ports: [[8888, 'Jupyter Lab']],
    packages: ['torch==1.13.1'],
    tags: ['pytorch', 'legacy'],
  },
  {
    name: 'Team LLM finetune',
    category: 'custom',
    framework: 'huggingface',
    image: 'registry.example.com/acme/llm-finetune:0.9.2',
    gpu: ['H100', 8],
    cpu: 96,
    memory: 1024,
    storage: 4000,
    official: false,
    project: 'proj_research',
    ports: [
      [8888, 'Jupyter Lab'],
      [6006, 'TensorBoard'],
    ],
    packages: ['transformers', 'deepspeed', 'wandb'],
    tags: ['llm', 'team'],
  },
  {
    name: 'CV training baseline',
    category: 'ml',
    framework: 'pytorch',
    image: 'registry.example.com/acme/cv-baseline:1.4.0',
    gpu: ['RTX_4090', 1],
    cpu: 8,
    memory: 48,
    storage: 250,
    official: false,
    project: 'proj_research',
    ports: [[6006, 'TensorBoard']],
    packages: ['torch', 'timm', 'albumentations'],
    tags: ['vision'],
  },
  {
    name: 'Sandbox dev box',
    category: 'dev',
    framework: null,
    image: 'registry.example.com/acme/devbox:cuda12.2',
    gpu: ['A10G', 1],
    cpu: 4,
    memory: 16,
    storage: 50,
    official: false,
    project: 'proj_sandbox',
    ports: [
      [22, 'SSH'],
      [8080, 'Web preview'],
    ],
    packages: ['git', 'tmux'],
    tags: ['dev'],
  },
];

export function seedTemplates(rng: Rng, now: number, owner: { id: string; username: string }, org: string): StoredTemplate[] {
  return SPECS.map((s) => {
    const created = now - rng.int(20, 500) * DAY;
    const updated = Math.min(now, created + rng.int(0, 15) * DAY);
    const [gpuType, gpuCount] = s.gpu;
    const deployments = s.official ? rng.int(200, 5000) : rng.int(2, 60);
    return {
      id: `tmpl_${rng.base62(12)}`,
      name: s.name,
      // Written as the console writes GPUs (renderer/src/lib/format.ts): `1 × A100 80GB`.
      description: `${s.name}: ${s.packages.slice(0, 3).join(', ')} on ${gpuCount} × ${gpuType.replace(/_/g, ' ')}.`,
      category: s.category,
      framework: s.framework,
      version: `${rng.int(1, 3)}.${rng.int(0, 9)}.${rng.int(0, 20)}`,
      version_notes: s.deprecated ? 'Deprecated: use PyTorch 2.3 + CUDA 12.1' : null,
      container_image: s.image,
      gpu_compatible: gpuCount > 0,
      official: s.official,
      project_id: s.project,
      default_configuration: { gpu_type: gpuType, gpu_count: gpuCount, cpu_cores: s.cpu, memory_gb: s.memory, storage_gb: s.storage },
      environment_variables: (s.framework === 'pytorch' || s.framework === 'huggingface'
        ? { NCCL_DEBUG: 'WARN', PYTHONUNBUFFERED: '1' }
        : { PYTHONUNBUFFERED: '1' }) as Record<string, string>,
      startup_script: `#!/bin/bash\nset -euo pipefail\npip install --quiet ${s.packages.join(' ')}\n${s.ports.some(([p]) => p === 8888) ? 'jupyter lab --ip=0.0.0.0 --port=8888 --no-browser &\n' : ''}`,
      port_mappings: s.ports.map(([internal_port, description]) => ({
        internal_port,
        protocol: 'tcp' as const,
        description,
        required: internal_port !== 6006,
      })),
      required_packages: s.packages,
      resource_limits: {
        min_resources: {
          gpu_count: Math.min(1, gpuCount),
          cpu_cores: Math.max(1, Math.floor(s.cpu / 4)),
          memory_gb: Math.max(1, Math.floor(s.memory / 4)),
          storage_gb: Math.max(10, Math.floor(s.storage / 5)),
        },
        max_resources: {
          gpu_count: Math.max(gpuCount, 8),
          cpu_cores: Math.min(256, s.cpu * 4),
          memory_gb: Math.min(2048, s.memory * 4),
          storage_gb: Math.min(65536, s.storage * 10),
        },
      },
      software_versions: softwareFor(s.framework, s.image),
      compatibility: {
        gpu_types: [gpuType, ...(gpuType === 'H100' ? [] : ['H100' as const])],
        regions: [...ALL_REGIONS],
        min_driver_version: gpuCount > 0 ? '535.104' : null,
      },
      usage_statistics: {
        total_deployments: deployments,
        active_clusters: Math.floor(deployments / rng.int(20, 60)),
        average_rating: Math.round((3.4 + rng.next() * 1.6) * 10) / 10,
        success_rate: Math.round((0.9 + rng.next() * 0.099) * 1000) / 1000,
      },
      tags: s.tags,
      is_public: s.official,
      is_deprecated: s.deprecated ?? false,
      created_by: s.official
        ? { user_id: 'usr_platform', username: 'gpu-console', organization: 'GPU Console' }
        : { user_id: owner.id, username: owner.username, organization: org },
      created_at: new Date(created).toISOString(),
      updated_at: new Date(updated).toISOString(),
    };
  });
}
