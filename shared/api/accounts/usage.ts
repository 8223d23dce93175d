// Usage and costs (01-accounts.md, Usage objects; Endpoints: Usage and limits): what the account
// spent and used over a period, every figure a sum of the emulator's metering (what each resource
// was billed for, stretch by stretch), days counted in the account's time zone. What the document
// leaves "not shown" is in docs/decisions.md, Usage and costs (issue 21).
import { z } from 'zod';
import { Granularity, Timestamp } from '../common';
import { isTimeZone } from './settings';

/** The periods of the summary, GPU, endpoint and cost reads: the document's `1y` (INVALID_PERIOD) beside its summary's `180d`. */
export const USAGE_PERIODS = ['1d', '7d', '30d', '90d', '180d', '1y'] as const;
/** The detailed timeline's periods, as its row of the document lists them. */
export const DETAILED_PERIODS = ['1d', '7d', '30d', '90d'] as const;
export const UsagePeriod = z.enum(USAGE_PERIODS);
export type UsagePeriod = z.infer<typeof UsagePeriod>;

/** Days of a period (`1y` is 365 of them). */
export const PERIOD_DAYS: Record<UsagePeriod, number> = { '1d': 1, '7d': 7, '30d': 30, '90d': 90, '180d': 180, '1y': 365 };

/** The billing currencies (01-accounts.md, Account settings: billing.currency). */
export const USAGE_CURRENCIES = ['USD', 'EUR', 'GBP', 'JPY'] as const;
export const UsageCurrency = z.enum(USAGE_CURRENCIES);
export type UsageCurrency = z.infer<typeof UsageCurrency>;

/** The services a bill breaks down into (Summary: breakdown), in the document's order. */
export const USAGE_SERVICES = ['compute', 'storage', 'dataTransfer', 'other'] as const;
export type UsageService = (typeof USAGE_SERVICES)[number];

/** What a cost belongs to: a resource of any area. */
export const UsageResourceType = z.enum(['cluster', 'endpoint', 'training_job', 'dataset', 'model']);
export type UsageResourceType = z.infer<typeof UsageResourceType>;

const TimeZoneName = z.string().max(64).refine(isTimeZone, 'an IANA time zone such as Europe/Paris or UTC');
/** A query's boolean, as `true` or `false`. */
const QueryBoolean = z.enum(['true', 'false']).transform((v) => v === 'true');

const Money = z.number();
const Percentage = z.number().min(0).max(100);

export const UsageSummaryQuery = z.strictObject({
  period: UsagePeriod.default('30d'),
  /** Days are counted in this zone; the account's billing time zone when absent. */
  timezone: TimeZoneName.optional(),
});
export type UsageSummaryQuery = z.infer<typeof UsageSummaryQuery>;

const PeriodFields = {
  period: UsagePeriod,
  periodStart: Timestamp,
  periodEnd: Timestamp,
  timezone: z.string(),
  currency: UsageCurrency,
};

export const TopResource = z.object({
  type: UsageResourceType,
  id: z.string(),
  name: z.string(),
  cost: Money,
  /** GPU-hours (0 for what holds no GPU). */
  hours: z.number(),
  percentage: Percentage,
});
export type TopResource = z.infer<typeof TopResource>;

export const UsageSummaryResponse = z.object({
  ...PeriodFields,
  summary: z.object({
    totalCost: Money,
    /** GPU-hours. */
    totalComputeHours: z.number(),
    totalEndpointExecutions: z.number().int(),
    /** With its unit, e.g. `12.4 GB`. */
    totalDataTransfer: z.string(),
    averageDailyCost: Money,
    /** Against the period of the same length before it, e.g. `+12.5%`; `n/a` when that one cost nothing. */
    costTrend: z.string(),
  }),
  breakdown: z.object({
    compute: z.object({ cost: Money, hours: z.number(), percentage: Percentage }),
    storage: z.object({ cost: Money, gb: z.number(), percentage: Percentage }),
    dataTransfer: z.object({ cost: Money, gb: z.number(), percentage: Percentage }),
    other: z.object({ cost: Money, percentage: Percentage }),
  }),
  topResources: z.array(TopResource),
});
export type UsageSummaryResponse = z.infer<typeof UsageSummaryResponse>;

export const DETAILED_RESOURCES = ['gpu', 'storage', 'transfer'] as const;
export const DetailedResource = z.enum(DETAILED_RESOURCES);

export const DetailedUsageQuery = z.strictObject({
  period: z.enum(DETAILED_PERIODS).default('7d'),
  granularity: Granularity.default('day'),
  /** Which groups each timeline entry's `resources` holds, comma-separated; `gpu` when absent. */
  resources: z
    .string()
    .max(64)
    .transform((v) => [...new Set(v.split(',').map((s) => s.trim()))])
    .pipe(z.array(DetailedResource).min(1))
    .optional(),
  timezone: TimeZoneName.optional(),
});
export type DetailedUsageQuery = z.infer<typeof DetailedUsageQuery>;

const GpuSlice = z.object({ hours: z.number(), cost: Money });

export const TimelineEntry = z.object({
  /** The bucket's start (a local midnight for days and weeks). */
  date: Timestamp,
  cost: Money,
  computeHours: z.number(),
  executions: z.number().int(),
  /** GB. */
  dataTransfer: z.number(),
  resources: z.object({
    gpu: z.record(z.string(), GpuSlice).optional(),
    storage: z.object({ gb: z.number(), cost: Money }).optional(),
    transfer: z.object({ gb: z.number(), cost: Money }).optional(),
  }),
});
export type TimelineEntry = z.infer<typeof TimelineEntry>;

/** One day of the forecast band: the expected cost and its prediction interval. */
const ForecastDay = z.object({ date: Timestamp, cost: Money, low: Money, high: Money });

export const DetailedUsageResponse = z.object({
  period: z.enum(DETAILED_PERIODS),
  granularity: Granularity,
  periodStart: Timestamp,
  periodEnd: Timestamp,
  timezone: z.string(),
  currency: UsageCurrency,
  timeline: z.array(TimelineEntry),
  projections: z.object({
    /** This calendar month's spend so far plus the forecast of its remaining days. */
    monthlyEstimate: Money,
    /** Mean daily cost over the days the forecast is fitted on. */
    dailyAverage: Money,
    /** The probability the month's total falls within `monthlyRange` (the prediction interval's level). */
    confidence: z.number().min(0).max(1),
    monthlyRange: z.object({ low: Money, high: Money }),
    /** How the forecast was made, in words (the method and the days it rests on). */
    method: z.string(),
    /** The rest of the month, day by day. */
    forecast: z.array(ForecastDay),
  }),
});
export type DetailedUsageResponse = z.infer<typeof DetailedUsageResponse>;

export const UsageQuery = z.strictObject({ period: UsagePeriod.default('30d'), timezone: TimeZoneName.optional() });

export const GpuUsageQuery = UsageQuery.extend({ includeMetrics: QueryBoolean.default(false) });
export type GpuUsageQuery = z.infer<typeof GpuUsageQuery>;

export const CostsQuery = UsageQuery.extend({
  breakdown: z.enum(['service', 'resource', 'region', 'team']).default('service'),
  /** The billing currency when absent. */
  currency: UsageCurrency.optional(),
});
export type CostsQuery = z.infer<typeof CostsQuery>;

export const CostsResponse = z.object({
  ...PeriodFields,
  breakdown: z.object({
    by: z.enum(['service', 'resource', 'region', 'team']),
    items: z.array(z.object({ key: z.string(), name: z.string(), cost: Money, percentage: Percentage })),
  }),
  totalCost: Money,
  services: z.array(
    z.object({
      service: z.enum(USAGE_SERVICES),
      cost: Money,
      percentage: Percentage,
      details: z.object({ resources: z.number().int(), hours: z.number(), gb: z.number() }),
    }),
  ),
  trends: z.object({ weekOverWeek: z.string(), monthOverMonth: z.string() }),
  /** What one USD is in `currency` (docs/decisions.md: the fixed rates). */
  exchangeRate: z.number(),
});
export type CostsResponse = z.infer<typeof CostsResponse>;

/** Fixed conversion rates from USD (docs/decisions.md, Usage and costs: currencies). */
export const USD_RATES: Record<UsageCurrency, number> = { USD: 1, EUR: 0.92, GBP: 0.79, JPY: 150 };
