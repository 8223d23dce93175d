// A member's compute hours this month (issue 21: roles' `maxComputeHours`): the GPU-hours of the
// resources they created (clusters, endpoints, training jobs) since the start of the calendar
// month in the billing time zone, from the metering — the figure the usage alerts show and the
// one a role's limit is enforced on when the member starts more compute.
import type { Caller } from './area';
import type { EmulatorContext } from './context';
import type { ApiError } from './errors';
import type { Metered } from './metering';
import { periodStart } from './zoned-time';

const HOUR = 3_600_000;

/** GPU-hours of `stretches` within [from, to). */
export function gpuHoursWithin(stretches: Iterable<Metered>, from: number, to: number): number {
  let hours = 0;
  for (const m of stretches) {
    if (m.gpus === 0) continue;
    const ms = Math.min(to, m.end ?? to) - Math.max(from, m.start);
    if (ms > 0) hours += (m.gpus * ms) / HOUR;
  }
  return hours;
}

/** The start of this month in the billing time zone. */
export const monthStart = (ctx: EmulatorContext, now: number) =>
  periodStart('monthly', now, ctx.directory().account().settings.billing.timezone);

/** What each member created that holds GPUs, by member id. */
export function computeByMember(ctx: EmulatorContext): Map<string, Metered[]> {
  const byMember = new Map<string, Metered[]>();
  for (const m of ctx.metering()) {
    if (m.gpus === 0 || m.resource.createdBy === null) continue;
    const list = byMember.get(m.resource.createdBy);
    if (list) list.push(m);
    else byMember.set(m.resource.createdBy, [m]);
  }
  return byMember;
}

/**
 * The refusal to start more compute for the caller's member when their role's `maxComputeHours`
 * is used up this month; null otherwise (or when their role has no such limit).
 */
export function computeHoursRefusal(ctx: EmulatorContext, caller: Caller, now: number): ApiError | null {
  const stretches = computeByMember(ctx).get(caller.createdBy) ?? [];
  const hours = Math.round(gpuHoursWithin(stretches, monthStart(ctx, now), now) * 100) / 100;
  return ctx.authority.limitation(caller, 'maxComputeHours', hours);
}
