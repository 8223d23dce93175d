// `GET /v2/accounts/usage/costs` (01-accounts.md, Usage objects: Costs): the period's cost by
// service, resource, region or team (the member who created each resource), in a currency at the
// fixed rates, every list apportioned to the rounded total; with week-over-week and
// month-over-month trends (the last 7 and 30 local days against the ones before them).
import type { CostsQuery, CostsResponse } from '../../../../../shared/api/accounts/usage';
import type { EmulatorContext } from '../../../core/context';
import { accountsOf } from '../state';
import { periodFields, type BillingFrame } from './billing';
import { collect, spanUnits, total, SERVICES, type Collected, type ResourceTotals } from './collect';
import { apportion, changeText, hundredths, percentages, round } from './money';
import { resourceUsd } from './summary';
import { usageWindow, windowBefore, type UsageWindow } from './window';

const HOUR = 3_600_000;
/** Items of a breakdown listed one by one; the rest are one `other` item (a resource breakdown of a big account). */
const ITEMS_MAX = 100;
const NO_REGION = { key: 'none', name: 'No region (serverless)' };
const UNATTRIBUTED = { key: 'unattributed', name: 'Unattributed' };

type Keyed = { key: string; name: string };

function keyOf(r: ResourceTotals, by: CostsQuery['breakdown'], memberName: (id: string) => string): Keyed {
  if (by === 'resource') return { key: r.resource.id, name: r.resource.name };
  if (by === 'region') return r.resource.region ? { key: r.resource.region, name: r.resource.region } : NO_REGION;
  const who = r.resource.createdBy;
  return who ? { key: who, name: memberName(who) } : UNATTRIBUTED;
}

const usdOf = (ctx: EmulatorContext, w: UsageWindow) => total(collect(ctx, [w.start, w.end]).usd);

export function usageCosts(ctx: EmulatorContext, frame: BillingFrame, query: CostsQuery): CostsResponse {
  const { window: w, money } = frame;
  const c: Collected = collect(ctx, [w.start, w.end]);
  const serviceUsd = SERVICES.map((s) => total(c.usdByService[s]));
  const totalUnits = spanUnits(c.usd, (v) => money.units(v));
  const units = apportion(totalUnits, serviceUsd);
  const shares = percentages(units);
  const resources = [...c.resources.values()];

  const services = SERVICES.map((service, i) => {
    const spent = resources.filter((r) => r.usd[service] > 0);
    return {
      service,
      cost: money.amount(units[i]!),
      percentage: shares[i]!,
      details: {
        resources: spent.length,
        hours: service === 'compute' ? spanUnits(c.gpuHours, hundredths) / 100 : 0,
        gb:
          service === 'storage'
            ? round(total(c.gbHours) / ((w.end - w.start) / HOUR))
            : service === 'dataTransfer'
              ? spanUnits(c.transferGb, hundredths) / 100
              : 0,
      },
    };
  });

  type Group = Keyed & { usd: number; byService: number[] };
  let groups: Group[];
  if (query.breakdown === 'service')
    groups = SERVICES.map((s, i) => ({
      key: s,
      name: s,
      usd: serviceUsd[i]!,
      byService: SERVICES.map((_, j) => (i === j ? serviceUsd[i]! : 0)),
    }));
  else {
    const members = new Map(accountsOf(ctx.store).members.map((m) => [m.id, m.name ?? m.email]));
    const grouped = new Map<string, Group>();
    for (const r of resources) {
      const k = keyOf(r, query.breakdown, (id) => members.get(id) ?? id);
      const g = grouped.get(k.key) ?? { ...k, usd: 0, byService: [0, 0, 0, 0] };
      g.usd += resourceUsd(r);
      SERVICES.forEach((service, i) => (g.byService[i]! += r.usd[service]));
      grouped.set(k.key, g);
    }
    groups = [...grouped.values()].sort((a, b) => b.usd - a.usd || a.key.localeCompare(b.key));
  }
  // Apportioned over every group first, so the items add up to the total; then the groups that come
  // to nothing are left out and the tail is folded into one item.
  const groupUnits = apportion(
    totalUnits,
    groups.map((g) => g.usd),
  );
  let items = groups
    .map((g, i) => ({ key: g.key, name: g.name, units: groupUnits[i]!, byService: g.byService }))
    .filter((g) => g.units > 0 || query.breakdown === 'service');
  if (items.length > ITEMS_MAX) {
    const rest = items.slice(ITEMS_MAX - 1);
    const byService = SERVICES.map((_, i) => rest.reduce((a, g) => a + g.byService[i]!, 0));
    items = [
      ...items.slice(0, ITEMS_MAX - 1),
      { key: 'other', name: `${rest.length} others`, units: rest.reduce((a, g) => a + g.units, 0), byService },
    ];
  }
  const itemShares = percentages(items.map((g) => g.units));

  const week = usageWindow('7d', w.end, w.timezone);
  const month = usageWindow('30d', w.end, w.timezone);
  return {
    ...periodFields(frame),
    breakdown: {
      by: query.breakdown,
      items: items.map((g, i) => {
        // The item's cost by service, apportioned to the item's own rounded cost.
        const split = apportion(g.units, g.byService);
        return {
          key: g.key,
          name: g.name,
          cost: money.amount(g.units),
          percentage: itemShares[i]!,
          services: Object.fromEntries(SERVICES.map((s, j) => [s, money.amount(split[j]!)])) as Record<(typeof SERVICES)[number], number>,
        };
      }),
    },
    totalCost: money.amount(totalUnits),
    services,
    trends: {
      weekOverWeek: changeText(usdOf(ctx, week), usdOf(ctx, windowBefore(week))),
      monthOverMonth: changeText(usdOf(ctx, month), usdOf(ctx, windowBefore(month))),
    },
    exchangeRate: money.rate,
  };
}
