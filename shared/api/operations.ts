// The table of every implemented operation of the platform API: what the renderer's generic
// API channel (api:call) may reach. The emulator's own admin routes are not here on purpose
// (shared/api/emulator-admin.ts): they have their own bridge channels (emulator:*), for
// emulator profiles only.
//
// Every area's contract is its folder, shared/api/<area>/ (accounts, clusters, endpoints,
// training), laid out alike: `operations.ts`, the area's whole operation table
// (`<area>Operations`, spread in below); `errors.ts`, the codes the area adds to the envelopes
// (training's tuning and experiment codes included); and one file per resource for its schemas.
// At the top of shared/api/ stays only what no single area owns: the common vocabularies
// (common.ts), the operation type and route matching (operation.ts), this combined table, the
// error envelopes with the account envelope's codes of 01-accounts.md, Errors (errors.ts), every
// code's status (error-codes.ts), the console's own errors (local-errors.ts) and the emulator's
// admin routes (emulator-admin.ts).
import { accountsOperations } from './accounts/operations';
import { clustersOperations } from './clusters/operations';
import { endpointsOperations } from './endpoints/operations';
import { trainingOperations } from './training/operations';
import type { Operation, OperationInput, OperationOutput } from './operation';

export const operations = {
  ...accountsOperations,
  ...clustersOperations,
  ...endpointsOperations,
  ...trainingOperations,
} as const satisfies Record<string, Operation>;

type Operations = typeof operations;
export type OperationId = keyof Operations;
export type InputOf<K extends OperationId> = OperationInput<Operations[K]>;
export type OutputOf<K extends OperationId> = OperationOutput<Operations[K]>;
