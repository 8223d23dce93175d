// Per GPU type: what the metrics simulator needs (memory, power envelope, clocks, thermal
// figures). The laws that use them are in power.ts and thermal.ts (docs/decisions.md, Metrics).
//
// H100 shares the H200's die and power envelope (SXM, 700 W): its power, clock and thermal
// figures are calibrated on the recorded H200 trace (../shared/data/gpu-trace-h200): 81–83 W
// without a context at 345 MHz, 127–131 W idle with a context at the 1,980 MHz boost, and a
// full matmul load capped at 690–693 W with the SM clock at ~1,500 MHz. Steady temperatures
// of the trace's phases fit core = inlet + 11.9 °C + 0.0415 °C/W × power and memory =
// inlet + 12.1 °C + 0.0285 °C/W × power (least squares over the phases' last 10 s, with the
// rig's inlet taken as 25 °C). Memory clocks stay H100's (HBM3, 2,619 MHz).
//
// The other types: TDP, boost and base clocks and memory from the data sheets; idle powers
// and the power-capped clock are our estimates (rounded, not measured here: no trace of those
// boards was at hand), set by the same laws so each board caps near its TDP under a dense GEMM; thermal resistances by cooling design — SXM boards with
// the trace's cooling settle 25–28 °C above their idle under full load, passive PCIe boards
// (L40S, A10G, T4) and the RTX 4090's open-air cooler run hotter (see each row).
import type { GpuType } from '../../../../../../shared/api/clusters/common';

export interface GpuSpec {
  memory_gib: number;
  /** Board power limit (TDP), W. */
  tdp_w: number;
  /** Power of an idle GPU without a context (lowest clocks), W. */
  idle_w: number;
  /** Power of an idle GPU with a context (memory held, no work) at its boost clock, W. */
  ctx_w: number;
  boost_mhz: number;
  base_mhz: number;
  /** SM clock at which a full matmul load fits the power limit (the software power cap), MHz. */
  cap_mhz: number;
  /** Graphics clock of an idle GPU without a context (lowest performance state), MHz. */
  idle_mhz: number;
  memory_mhz: number;
  /** Memory clock without a context: HBM keeps its clock, GDDR drops it. */
  memory_idle_mhz: number;
  /** Clocks slow down above this temperature (software thermal slowdown), °C. */
  throttle_c: number;
  /** Core temperature rise per W of the reference slot (a drawn slot multiplies it), °C/W. */
  core_c_per_w: number;
  /** Memory temperature rise per W of the reference slot, °C/W. */
  mem_c_per_w: number;
}

export const GPU_SPECS: Readonly<Record<GpuType, GpuSpec>> = {
  // Calibrated on the H200 trace (see above).
  H100: {
    memory_gib: 80,
    tdp_w: 700,
    idle_w: 82,
    ctx_w: 130,
    boost_mhz: 1980,
    base_mhz: 1590,
    cap_mhz: 1500,
    idle_mhz: 345,
    memory_mhz: 2619,
    memory_idle_mhz: 2619,
    throttle_c: 83,
    core_c_per_w: 0.0415,
    mem_c_per_w: 0.0285,
  },
  // SXM4 400 W: ~58 W idle, ~85 W with a context, ~1,300 MHz at the cap under GEMM; ~25 °C rise.
  A100_80GB: {
    memory_gib: 80,
    tdp_w: 400,
    idle_w: 58,
    ctx_w: 85,
    boost_mhz: 1410,
    base_mhz: 1065,
    cap_mhz: 1300,
    idle_mhz: 210,
    memory_mhz: 1593,
    memory_idle_mhz: 1593,
    throttle_c: 83,
    core_c_per_w: 0.079,
    mem_c_per_w: 0.054,
  },
  // SXM4 400 W, 40 GB HBM2: as the 80 GB board, a little less memory power.
  A100_40GB: {
    memory_gib: 40,
    tdp_w: 400,
    idle_w: 54,
    ctx_w: 80,
    boost_mhz: 1410,
    base_mhz: 1065,
    cap_mhz: 1300,
    idle_mhz: 210,
    memory_mhz: 1215,
    memory_idle_mhz: 1215,
    throttle_c: 83,
    core_c_per_w: 0.079,
    mem_c_per_w: 0.054,
  },
  // PCIe passive 350 W, GDDR6: ~35 W idle (P8), ~80 W with a context, ~2,040 MHz at the cap; ~27 °C rise.
  L40S: {
    memory_gib: 48,
    tdp_w: 350,
    idle_w: 35,
    ctx_w: 80,
    boost_mhz: 2520,
    base_mhz: 1110,
    cap_mhz: 2040,
    idle_mhz: 210,
    memory_mhz: 9001,
    memory_idle_mhz: 405,
    throttle_c: 82,
    core_c_per_w: 0.1,
    mem_c_per_w: 0.07,
  },
  // PCIe passive 300 W (the AWS board), GDDR6: ~25 W idle, ~60 W with a context, ~1,400 MHz at the cap; ~24 °C rise.
  A10G: {
    memory_gib: 24,
    tdp_w: 300,
    idle_w: 25,
    ctx_w: 60,
    boost_mhz: 1710,
    base_mhz: 885,
    cap_mhz: 1400,
    idle_mhz: 210,
    memory_mhz: 6251,
    memory_idle_mhz: 405,
    throttle_c: 82,
    core_c_per_w: 0.1,
    mem_c_per_w: 0.07,
  },
  // 450 W, open-air cooler, GDDR6X: ~20 W idle, ~45 W with a context, ~2,400 MHz at the cap; ~32 °C rise.
  RTX_4090: {
    memory_gib: 24,
    tdp_w: 450,
    idle_w: 20,
    ctx_w: 45,
    boost_mhz: 2520,
    base_mhz: 2235,
    cap_mhz: 2400,
    idle_mhz: 210,
    memory_mhz: 10501,
    memory_idle_mhz: 405,
    throttle_c: 83,
    core_c_per_w: 0.08,
    mem_c_per_w: 0.055,
  },
  // 70 W low-profile passive, GDDR6: ~9 W idle (P8), ~28 W with a context, ~1,050 MHz at the cap
  // (a T4 under load rarely holds its boost); ~19 °C rise over its small power range.
  T4: {
    memory_gib: 16,
    tdp_w: 70,
    idle_w: 9,
    ctx_w: 28,
    boost_mhz: 1590,
    base_mhz: 585,
    cap_mhz: 1050,
    idle_mhz: 300,
    memory_mhz: 5001,
    memory_idle_mhz: 405,
    throttle_c: 80,
    core_c_per_w: 0.45,
    mem_c_per_w: 0.31,
  },
};

/**
 * The inlet air the reference figures above assume, °C (slots draw theirs around it).
 * @internal Exported for its tests only.
 */
export const REFERENCE_INLET_C = 25;

export const GIB = 1024 ** 3;
