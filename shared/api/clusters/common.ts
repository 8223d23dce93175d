// Vocabulary shared by every cluster schema (02-clusters.md): ids, statuses, GPU types and
// their price table, address and name validators, the query boolean and the success envelope.
import { z } from 'zod';
import { Timestamp } from '../common';

export { Timestamp };

/** 02-clusters.md, States: every status value the document shows. */
export const ClusterStatus = z.enum(['running', 'stopped', 'error', 'starting', 'stopping', 'restarting']);
export type ClusterStatus = z.infer<typeof ClusterStatus>;

/** GPU models the emulator offers (the spec names none; chosen). */
export const GpuType = z.enum(['H100', 'A100_80GB', 'A100_40GB', 'L40S', 'A10G', 'RTX_4090', 'T4']);
export type GpuType = z.infer<typeof GpuType>;

/**
 * Chosen price table (USD per GPU per hour; the spec shows no prices). A cluster's or a
 * template's hourly rate is GPUs × this price plus the resource rates below, rounded to cents.
 */
export const GPU_HOURLY_PRICE: Readonly<Record<GpuType, number>> = {
  H100: 3.99,
  A100_80GB: 2.49,
  A100_40GB: 1.89,
  L40S: 1.39,
  A10G: 0.99,
  RTX_4090: 0.79,
  T4: 0.49,
};
/** Chosen resource rates (USD per hour): per CPU core, per GB of memory, per GB of storage. */
const CPU_CORE_HOURLY_PRICE = 0.02;
const MEMORY_GB_HOURLY_PRICE = 0.003;
/**
 * USD per GB-hour of storage (about $0.073 per GB-month): a cluster's volumes in its rate, and
 * the platform's stored data — snapshots, dataset and model versions — in usage (issue 21).
 */
export const STORAGE_GB_HOURLY_PRICE = 0.0001;
/**
 * USD per GB of data transferred out — every download the API serves (issue 21): the big clouds'
 * first egress tier ($0.09 per GB), one price for every region.
 */
export const TRANSFER_GB_PRICE = 0.09;
export const CURRENCY = 'USD';

export interface RateInputs {
  gpu_type: GpuType;
  gpu_count: number;
  cpu_cores: number;
  memory_gb: number;
  storage_gb: number;
}

/** An hourly rate in its parts: the GPUs' price (count × the table's price per GPU) and the CPU, memory and storage. */
export interface HourlyRateParts {
  /** GPU_HOURLY_PRICE of the type: the per-GPU price every view shows (the training form too). */
  perGpu: number;
  gpus: number;
  /** CPU, memory and storage, so a cluster's rate divided by its GPUs is not the per-GPU price. */
  resources: number;
  /** estimateHourlyRate: the sum, rounded to cents. */
  total: number;
}

/** The parts of a configuration's hourly rate; estimateHourlyRate is its total. */
export function hourlyRateParts(c: RateInputs): HourlyRateParts {
  const perGpu = GPU_HOURLY_PRICE[c.gpu_type];
  const gpus = perGpu * c.gpu_count;
  const resources = CPU_CORE_HOURLY_PRICE * c.cpu_cores + MEMORY_GB_HOURLY_PRICE * c.memory_gb + STORAGE_GB_HOURLY_PRICE * c.storage_gb;
  return { perGpu, gpus, resources, total: Math.round((gpus + resources) * 100) / 100 };
}

/** The hourly rate of a configuration, from the price table above; one function so the emulator and the app's cost preview agree. */
export function estimateHourlyRate(c: RateInputs): number {
  return hourlyRateParts(c).total;
}

export const ClusterId = z.string().regex(/^cluster_[A-Za-z0-9]+$/, 'a cluster id starts with cluster_');
export const PortId = z.string().regex(/^port_[A-Za-z0-9]+$/, 'a port mapping id starts with port_');
export const TemplateId = z.string().regex(/^tmpl_[A-Za-z0-9]+$/, 'a template id starts with tmpl_');
/** Snapshot ids: prefix chosen (the spec shows none). */
export const SnapshotId = z.string().regex(/^snap_[A-Za-z0-9]+$/, 'a snapshot id starts with snap_');
/** Team member ids, as in the accounts area. */
export const UserId = z.string().regex(/^usr_[A-Za-z0-9]+$/, 'a user id starts with usr_');
export const ProjectId = z.string().trim().min(1).max(100);
export const Region = z.string().trim().min(1).max(64);
/** The regions the platform offers (chosen; the spec names none): templates run in them, a restart may move a cluster to one. */
export const KNOWN_REGIONS = ['us-east-1', 'us-west-2', 'eu-west-1', 'ap-southeast-1'] as const;
export const KnownRegion = z.enum(KNOWN_REGIONS, { error: `one of ${KNOWN_REGIONS.join(', ')}` });

export const PORT_MIN = 1;
export const PORT_MAX = 65535;
export const Port = z
  .number()
  .int('a port is a whole number')
  .min(PORT_MIN, `a port is between ${PORT_MIN} and ${PORT_MAX}`)
  .max(PORT_MAX, `a port is between ${PORT_MIN} and ${PORT_MAX}`);
export const Protocol = z.enum(['tcp', 'udp']);
export type Protocol = z.infer<typeof Protocol>;

/** An IPv4 or IPv6 address, or a CIDR range of either; anything malformed is refused. */
export const IpOrCidr = z.union([z.ipv4(), z.ipv6(), z.cidrv4(), z.cidrv6()], {
  error: 'an IPv4 or IPv6 address, or a CIDR range such as 10.0.0.0/8',
});
const IP_LIST_MAX = 100;
export const IpList = z.array(IpOrCidr).max(IP_LIST_MAX, `at most ${IP_LIST_MAX} entries`);

/** RFC 1123 host name with at least one dot: labels of 1–63 letters, digits and inner hyphens, 253 characters in all. */
export const Hostname = z
  .string()
  .max(253, 'a host name is at most 253 characters')
  .regex(
    /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/,
    'a host name such as app.example.com',
  );

/** Environment variable names: upper case, digits and underscores, not starting with a digit. */
export const EnvVarName = z
  .string()
  .max(128)
  .regex(/^[A-Z_][A-Z0-9_]*$/, 'upper-case letters, digits and _, not starting with a digit');
export const EnvironmentMap = z.record(EnvVarName, z.string().max(32_768));

export const Tags = z
  .array(z.string().trim().min(1, 'a tag is not empty').max(50, 'a tag is at most 50 characters'))
  .max(20, 'at most 20 tags');

/**
 * A boolean query parameter. On the wire it is the string 'true' or 'false'; callers in
 * the app may pass a real boolean (the gateway stringifies it). Output is a boolean.
 */
const QueryBoolInput = z.union([z.boolean(), z.enum(['true', 'false'])], { error: 'true or false' });
const asBoolean = (v: boolean | 'true' | 'false') => v === true || v === 'true';
export const QueryBool = QueryBoolInput.transform(asBoolean);

/**
 * A boolean query parameter with its default. The default sits before the transform, on the
 * wire's side, so the OpenAPI document publishes it (issue 22: the documents' defaults, e.g.
 * `tail` true); one after the transform would not show.
 */
export const queryBool = (byDefault: boolean) => QueryBoolInput.default(byDefault).transform(asBoolean);

/** `meta` of every cluster-area response carries the request id (issue 3). */
export const ClusterMeta = z.looseObject({ request_id: z.string() });
export type ClusterMeta = z.infer<typeof ClusterMeta>;

/**
 * The cluster success envelope `{success: true, data, meta}`. Operation responses describe
 * the whole envelope, so the OpenAPI document and OutputOf<> show what is on the wire.
 */
export function clusterEnvelope<D extends z.ZodType, M extends z.ZodType = typeof ClusterMeta>(data: D, meta?: M) {
  return z.object({ success: z.literal(true), data, meta: (meta ?? ClusterMeta) as M });
}

export const ClusterIdParams = z.strictObject({ cluster_id: ClusterId });
export type ClusterIdParams = z.infer<typeof ClusterIdParams>;

/** Data of the delete operations (spec: "not shown"; chosen). */
export const DeletedData = z.object({ id: z.string(), deleted: z.literal(true), deleted_at: Timestamp });
export type DeletedData = z.infer<typeof DeletedData>;
