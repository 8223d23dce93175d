// `GET /v2/accounts/usage` (01-accounts.md, Usage objects: Summary): the period's totals, its
// breakdown by service apportioned to the rounded total, its trend against the period of the same
// length before it, and the resources that cost the most.
import type { UsageSummaryResponse } from '../../../../../shared/api/accounts/usage';
import type { EmulatorContext } from '../../../core/context';
import { periodFields, type BillingFrame } from './billing';
import { collect, spanUnits, total, SERVICES, type ResourceTotals } from './collect';
import { apportion, changeText, hundredths, percentages, round } from './money';
import { windowBefore } from './window';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Resources listed in `topResources`. */
const TOP_RESOURCES = 10;

/** GB with its unit, as the document's `totalDataTransfer` (`12.4 GB`). */
const gbText = (gb: number) => `${round(gb, 1)} GB`;

/** USD of a resource over the window, all services. */
export const resourceUsd = (r: ResourceTotals) => r.usd.compute + r.usd.storage + r.usd.dataTransfer + r.usd.other;

export function usageSummary(ctx: EmulatorContext, frame: BillingFrame): UsageSummaryResponse {
  const { window: w, money } = frame;
  const now = collect(ctx, [w.start, w.end]);
  const before = windowBefore(w);
  const beforeUsd = total(collect(ctx, [before.start, before.end]).usd);

  const totalUnits = spanUnits(now.usd, (v) => money.units(v));
  const units = apportion(
    totalUnits,
    SERVICES.map((s) => total(now.usdByService[s])),
  );
  const shares = percentages(units);
  const [compute, storage, dataTransfer, other] = SERVICES.map((_, i) => ({ cost: money.amount(units[i]!), percentage: shares[i]! }));
  const gpuHours = spanUnits(now.gpuHours, hundredths) / 100;
  const transferGb = spanUnits(now.transferGb, hundredths) / 100;
  const days = (w.end - w.start) / DAY;

  const top = [...now.resources.values()]
    .map((r) => ({ r, usd: resourceUsd(r) }))
    .filter((x) => money.units(x.usd) > 0)
    .sort((a, b) => b.usd - a.usd || a.r.resource.id.localeCompare(b.r.resource.id))
    .slice(0, TOP_RESOURCES);

  return {
    ...periodFields(frame),
    summary: {
      totalCost: money.amount(totalUnits),
      totalComputeHours: gpuHours,
      totalEndpointExecutions: total(now.executions),
      totalDataTransfer: gbText(transferGb),
      averageDailyCost: days > 0 ? money.of(total(now.usd) / days) : 0,
      costTrend: changeText(total(now.usd), beforeUsd),
    },
    breakdown: {
      compute: { ...compute!, hours: gpuHours },
      // GB stored on average over the period (GB-hours ÷ hours): what a month's storage bill is priced on.
      storage: { ...storage!, gb: round(total(now.gbHours) / ((w.end - w.start) / HOUR)) },
      dataTransfer: { ...dataTransfer!, gb: transferGb },
      other: other!,
    },
    topResources: top.map(({ r, usd }) => ({
      type: r.resource.type,
      id: r.resource.id,
      name: r.resource.name,
      cost: money.of(usd),
      hours: round(r.gpuHours),
      percentage: totalUnits > 0 ? round((money.units(usd) / totalUnits) * 100) : 0,
    })),
  };
}
