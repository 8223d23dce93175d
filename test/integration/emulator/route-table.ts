// Every route the emulator answers: the platform API's operations and the emulator's own
// admin routes (kept out of `operations`, which is what the renderer's API channel reaches).
import { emulatorAdminOperations } from '../../../shared/api/emulator-admin';
import type { DeclaredOperation } from '../../../shared/api/operation';
import { operations } from '../../../shared/api/operations';

export const emulatorRoutes: readonly DeclaredOperation[] = [...Object.values(operations), ...Object.values(emulatorAdminOperations)];
