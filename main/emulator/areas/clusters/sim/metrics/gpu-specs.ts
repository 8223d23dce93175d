// Per GPU type: what the metrics simulator needs (memory, power envelope, clocks, the
// temperature where clocks start to throttle). Figures follow the vendors' data sheets,
// rounded; the hot threshold is chosen (docs/decisions.md, Metrics).
import type { GpuType } from '../../../../../../shared/api/clusters/common';

export interface GpuSpec {
  memory_gib: number;
  /** Board power limit (TDP), W. */
  tdp_w: number;
  /** Power of an idle GPU with a context, W. */
  idle_w: number;
  boost_mhz: number;
  base_mhz: number;
  /** Graphics clock of an idle GPU (lowest performance state), MHz. */
  idle_mhz: number;
  memory_mhz: number;
  /** Memory clock when idle: HBM keeps its clock, GDDR drops it. */
  memory_idle_mhz: number;
  /** Clocks throttle above this temperature, °C. */
  throttle_c: number;
}

export const GPU_SPECS: Readonly<Record<GpuType, GpuSpec>> = {
  H100: {
    memory_gib: 80,
    tdp_w: 700,
    idle_w: 72,
    boost_mhz: 1980,
    base_mhz: 1590,
    idle_mhz: 345,
    memory_mhz: 2619,
    memory_idle_mhz: 2619,
    throttle_c: 83,
  },
  A100_80GB: {
    memory_gib: 80,
    tdp_w: 400,
    idle_w: 62,
    boost_mhz: 1410,
    base_mhz: 1065,
    idle_mhz: 210,
    memory_mhz: 1593,
    memory_idle_mhz: 1593,
    throttle_c: 83,
  },
  A100_40GB: {
    memory_gib: 40,
    tdp_w: 400,
    idle_w: 60,
    boost_mhz: 1410,
    base_mhz: 1065,
    idle_mhz: 210,
    memory_mhz: 1215,
    memory_idle_mhz: 1215,
    throttle_c: 83,
  },
  L40S: {
    memory_gib: 48,
    tdp_w: 350,
    idle_w: 36,
    boost_mhz: 2520,
    base_mhz: 1110,
    idle_mhz: 210,
    memory_mhz: 9001,
    memory_idle_mhz: 405,
    throttle_c: 82,
  },
  A10G: {
    memory_gib: 24,
    tdp_w: 300,
    idle_w: 28,
    boost_mhz: 1710,
    base_mhz: 885,
    idle_mhz: 210,
    memory_mhz: 6251,
    memory_idle_mhz: 405,
    throttle_c: 82,
  },
  RTX_4090: {
    memory_gib: 24,
    tdp_w: 450,
    idle_w: 22,
    boost_mhz: 2520,
    base_mhz: 2235,
    idle_mhz: 210,
    memory_mhz: 10501,
    memory_idle_mhz: 405,
    throttle_c: 83,
  },
  T4: {
    memory_gib: 16,
    tdp_w: 70,
    idle_w: 10,
    boost_mhz: 1590,
    base_mhz: 585,
    idle_mhz: 300,
    memory_mhz: 5001,
    memory_idle_mhz: 405,
    throttle_c: 80,
  },
};

export const GIB = 1024 ** 3;
