// Public face of the embedded emulator: one server object, reachable in-process
// (fetch-compatible, no socket) by the gateway and over HTTP by the CLI and tests.
export type { Emulator, EmulatorOptions } from './types';
export { createEmulator } from './server';
export { keyPrefix } from './core/ids';
