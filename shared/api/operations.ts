// The table of every implemented operation. Later areas spread theirs in here.
import { accountsOperations } from './accounts-operations';
import { clustersOperations } from './clusters/operations';
import { emulatorAdminOperations } from './emulator-admin';
import type { Operation, OperationInput, OperationOutput } from './operation';

export const operations = {
  ...accountsOperations,
  ...clustersOperations,
  // Admin routes of the emulator (owner key only); the gateway sends them to the embedded
  // emulator alone, never to a remote profile.
  ...emulatorAdminOperations,
} as const satisfies Record<string, Operation>;

export type Operations = typeof operations;
export type OperationId = keyof Operations;
export type InputOf<K extends OperationId> = OperationInput<Operations[K]>;
export type OutputOf<K extends OperationId> = OperationOutput<Operations[K]>;

export function isOperationId(id: string): id is OperationId {
  return Object.prototype.hasOwnProperty.call(operations, id);
}
