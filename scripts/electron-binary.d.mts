export function findElectronBinary(env?: NodeJS.ProcessEnv): string | null;
export function hasDisplay(env?: NodeJS.ProcessEnv, platform?: NodeJS.Platform): boolean;
