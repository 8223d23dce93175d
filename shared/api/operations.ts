// The table of every implemented operation of the platform API: what the renderer's generic
// API channel (api:call) may reach. Later areas spread theirs in here. The emulator's own admin
// routes are not here on purpose (shared/api/emulator-admin.ts): they have their own bridge
// channels (emulator:*), for emulator profiles only.
import { accountsOperations } from './accounts-operations';
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

export type Operations = typeof operations;
export type OperationId = keyof Operations;
export type InputOf<K extends OperationId> = OperationInput<Operations[K]>;
export type OutputOf<K extends OperationId> = OperationOutput<Operations[K]>;

export function isOperationId(id: string): id is OperationId {
  return Object.prototype.hasOwnProperty.call(operations, id);
}
