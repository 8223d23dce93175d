// A GPU's power and SM clock from its utilisation, whether it holds a context, and the
// clock limits (the power cap, a thermal slowdown). Calibrated on the recorded H200 trace
// (gpu-specs.ts, docs/decisions.md, Metrics):
//
//   P(busy, f) = P_static + (c + k·busy) · g(f/boost),  g(x) = x·V(x)²,  V(x) = A + (1 − A)·x
//
// (dynamic power goes as frequency × voltage², the voltage rising with the clock). c is the
// clock tree and memory of an idle GPU with a context, k the work; P_static, c and k follow
// from the three readings of each type: idle without a context at the idle clock, idle with
// a context at boost, and a full load at the capped clock drawing the cap.
//
// A sample covers a window in which the GPU is busy a fraction u of the time: the busy parts
// run at the highest clock whose busy power fits the cap (the software power cap), the idle
// parts at the free clock (boost, or less when hot); the clock read is their time average.
// Bursty work draws more than the duty-weighted mean of the two powers — each burst after a
// gap starts at the free clock before the power controller pulls it down — a term in u·(1 − u)
// of the excess power (BURST), calibrated so half duty draws what the trace shows.
import type { GpuSpec } from './gpu-specs';

/** Voltage at zero clock, relative to the voltage at boost (V(x) = A + (1 − A)·x). */
const A = 0.62;
/** Share of the power above the cap that bursts draw before the controller catches them. */
const BURST = 0.81;
/** The cap the controller holds, relative to the board's limit (the trace settles at 690–693 W of 700 W). */
const CAP_SHARE = 0.988;
/** Software thermal slowdown: MHz lost per °C above the threshold. */
const THERMAL_MHZ_PER_C = 50;

/** Clock event reasons, as nvidia-smi's bit mask (clocks_event_reasons.active). */
export const REASON = { idle: 0x1, powerCap: 0x4, thermal: 0x20 } as const;

const g = (x: number) => x * (A + (1 - A) * x) ** 2;

interface PowerLaw {
  pStatic: number;
  c: number;
  k: number;
  /** Busy power at the capped clock (= the cap), and at the free (boost) clock. */
  capW: number;
  /** Busy power at boost above the cap. */
  excess: number;
  /** heatCoefficients. */
  heat: [number, number, number];
}

const laws = new WeakMap<GpuSpec, PowerLaw>();
function lawOf(spec: GpuSpec): PowerLaw {
  let law = laws.get(spec);
  if (!law) {
    const c = (spec.ctx_w - spec.idle_w) / (1 - g(spec.idle_mhz / spec.boost_mhz));
    const pStatic = spec.ctx_w - c;
    const capW = CAP_SHARE * spec.tdp_w;
    const k = (capW - pStatic) / g(spec.cap_mhz / spec.boost_mhz) - c;
    // At boost: idle with a context, and busy before the cap pulls the clock down.
    const idleW = pStatic + c;
    const excess = pStatic + c + k - capW;
    const heat: [number, number, number] = [idleW, capW - idleW + BURST * excess, -BURST * excess];
    laws.set(spec, (law = { pStatic, c, k, capW, excess, heat }));
  }
  return law;
}

/** Power of the GPU fully busy (1) or idle with a context (0) at clock mhz, W. */
function powerAtClock(spec: GpuSpec, busy: 0 | 1, mhz: number): number {
  const law = lawOf(spec);
  return law.pStatic + (law.c + law.k * busy) * g(mhz / spec.boost_mhz);
}

/** The clock limit of a temperature (boost when cool). */
export function thermalLimitMhz(spec: GpuSpec, tempC: number): number {
  return tempC > spec.throttle_c ? Math.max(spec.idle_mhz, spec.boost_mhz - THERMAL_MHZ_PER_C * (tempC - spec.throttle_c)) : spec.boost_mhz;
}

export interface GpuOperatingPoint {
  power: number;
  /** Time-averaged SM (graphics) clock, MHz. */
  clock: number;
  memClock: number;
  /** REASON bits. */
  reasons: number;
}

/**
 * Power, clocks and reasons at utilisation u (0–1) with or without a context, under a
 * clock limit (thermalLimitMhz; boost when cool), into out (reused: a series asks millions).
 */
export function operatingPoint(spec: GpuSpec, u: number, context: boolean, limitMhz: number, out: GpuOperatingPoint): GpuOperatingPoint {
  if (!context) {
    out.power = spec.idle_w;
    out.clock = spec.idle_mhz;
    out.memClock = spec.memory_idle_mhz;
    out.reasons = REASON.idle;
    return out;
  }
  const free = Math.min(spec.boost_mhz, limitMhz);
  const busyClock = Math.min(spec.cap_mhz, free);
  const cool = free === spec.boost_mhz;
  // When cool, the heat's coefficients are the powers (the common case, computed once).
  const law = lawOf(spec);
  const idleW = cool ? law.heat[0] : powerAtClock(spec, 0, free);
  const busyW = cool ? law.capW : powerAtClock(spec, 1, busyClock);
  const excess = cool ? law.excess : powerAtClock(spec, 1, free) - busyW;
  let reasons = limitMhz < spec.boost_mhz ? REASON.thermal : 0;
  if (u > 0 && busyClock < free) reasons |= REASON.powerCap;
  out.power = idleW + u * (busyW - idleW) + BURST * u * (1 - u) * excess;
  out.clock = u * busyClock + (1 - u) * free;
  out.memClock = spec.memory_mhz;
  out.reasons = reasons;
  return out;
}

/**
 * The heat a GPU makes at utilisation u with a context, as a quadratic in u (a0 + a1·u + a2·u²):
 * its power when cool (no thermal slowdown feeds back into the heat; docs/decisions.md), in
 * a form whose time average needs only the averages of u and u².
 */
export function heatCoefficients(spec: GpuSpec): readonly [number, number, number] {
  return lawOf(spec).heat;
}
