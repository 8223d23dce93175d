// The GPU part of a metrics sample: per GPU its utilisation, temperatures, power, clocks and
// clock event reasons at t, from a Drive (the cluster's load and whether its processes hold
// memory) and the GPUs' constants. The cluster's samples call it with the cluster's drive; a
// test rig calls it with a load timeline of its own — the same code either way.
import { operatingPoint, thermalLimitMhz, type GpuOperatingPoint } from './power';
import { NO_CONTEXT, tempsAt, type Drive, type GpuRig } from './thermal';

export { NO_CONTEXT, type Drive, type GpuRig } from './thermal';

// Vector layout per GPU: memory temperature and the reasons bit mask after the document's values.
export const G = { util: 0, memUsed: 1, memTotal: 2, memPct: 3, temp: 4, power: 5, gclk: 6, mclk: 7, memTemp: 8, reasons: 9 } as const;
export const GPU_WIDTH = 10;

let core = new Float64Array(8);
let mem = new Float64Array(8);
const op: GpuOperatingPoint = { power: 0, clock: 0, memClock: 0, reasons: 0 };

/**
 * Writes G.util, G.temp, G.memTemp, G.power, G.gclk, G.mclk and G.reasons of each GPU at t
 * into out from offset o (the memory fields are the caller's).
 */
export function fillGpus(out: Float64Array, o: number, rig: GpuRig, d: Drive, t: number): void {
  const n = rig.share.length;
  if (n === 0) return;
  if (core.length < n) [core, mem] = [new Float64Array(n), new Float64Array(n)];
  tempsAt(rig, d, t, core, mem);
  const l = d(t);
  for (let i = 0; i < n; i++) {
    const g = o + i * GPU_WIDTH;
    const context = l !== NO_CONTEXT && rig.memShare[i]! > 0;
    const u = context ? l * rig.share[i]! : 0;
    const temp = core[i]!;
    operatingPoint(rig.spec, u, context, thermalLimitMhz(rig.spec, temp), op);
    out[g + G.util] = 100 * u;
    out[g + G.temp] = temp;
    out[g + G.memTemp] = mem[i]!;
    out[g + G.power] = op.power;
    out[g + G.gclk] = op.clock;
    out[g + G.mclk] = op.memClock;
    out[g + G.reasons] = op.reasons;
  }
}

/**
 * One GPU rig's readings at t (GPU_WIDTH values per GPU; memory fields 0): for tests and tools.
 * @internal Exported for its tests only.
 */
export function gpuReadingsAt(rig: GpuRig, d: Drive, t: number): Float64Array {
  const out = new Float64Array(rig.share.length * GPU_WIDTH);
  fillGpus(out, 0, rig, d, t);
  return out;
}
