// POST /v2/endpoints/batch-execute (01-accounts.md, Usage and limits): several executions in
// one call. What the answer holds is docs/decisions.md, Endpoints: batch-execute.
import { z } from 'zod';
import { Timestamp } from './common';

const BATCH_EXECUTE_MAX = 100;
export const BatchExecuteRequest = z.strictObject({
  requests: z
    .array(z.strictObject({ endpoint_id: z.string().min(1).max(100), input: z.record(z.string(), z.unknown()) }))
    .min(1)
    .max(BATCH_EXECUTE_MAX),
});
export type BatchExecuteRequest = z.infer<typeof BatchExecuteRequest>;

const BatchExecution = z.object({
  index: z.number().int().min(0),
  endpoint_id: z.string(),
  /** `req_…`; null when the request was refused before it ran. */
  requestId: z.string().nullable(),
  status: z.enum(['IN_PROGRESS', 'FAILED']),
  startedAt: Timestamp.nullable(),
  /** When the execution finishes on the simulated clock. */
  estimatedCompletion: Timestamp.nullable(),
  executionTimeMs: z.number().int().min(0).nullable(),
  error: z.object({ error: z.string(), message: z.string() }).nullable(),
});
export const BatchExecuteResponse = z.object({
  batchId: z.string(),
  submittedAt: Timestamp,
  estimatedCompletion: Timestamp,
  accepted: z.number().int().min(0),
  failed: z.number().int().min(0),
  executions: z.array(BatchExecution),
});
export type BatchExecuteResponse = z.infer<typeof BatchExecuteResponse>;
