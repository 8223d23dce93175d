// One way of writing GPUs, counts and sizes everywhere the console shows them:
// `A100 80GB`, `4 × A100 80GB`, `CPU only`, `1,024 GB`, `96 cores`. Display only: forms and
// requests keep the API's values (`A100_80GB`, `memory_gb: 1024`).

// en-US like the money formatter (lib/money.ts): one thousands separator, whatever the machine's locale.
const NUMBER = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });

/** A whole or decimal number with thousands separators: `1,024`, `2.5`. */
export function formatNumber(value: number): string {
  return NUMBER.format(value);
}

/** A GPU type as the vendor writes it: the API's `A100_80GB` is `A100 80GB`, `RTX_4090` is `RTX 4090`. */
export function gpuName(type: string): string {
  return type.replace(/_/g, ' ');
}

/** How many GPUs of which type: `4 × A100 80GB`; `CPU only` without GPUs. */
export function gpuConfig(type: string, count: number): string {
  return count === 0 ? 'CPU only' : `${formatNumber(count)} × ${gpuName(type)}`;
}

/** A size in gigabytes: `1,024 GB`. */
export function sizeGb(gb: number): string {
  return `${formatNumber(gb)} GB`;
}

/** CPU cores: `96 cores`, `1 core`. */
export function cpuCores(cores: number): string {
  return `${formatNumber(cores)} ${cores === 1 ? 'core' : 'cores'}`;
}
