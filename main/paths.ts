// Where the app keeps its files (profiles without secrets, the emulator's snapshot).
// Keys are never here: they live in the OS keychain (main/vault).
import { homedir } from 'node:os';
import { join, win32 } from 'node:path';

const APP_DIR_NAME = 'GPU Operator Console';
const XDG_DIR_NAME = 'gpu-operator-console';

/** The per-user data folder by platform's convention; `GPC_DATA_DIR` overrides it (tests, portable use). */
export function defaultDataDir(
  env: NodeJS.ProcessEnv = process.env,
  platform: NodeJS.Platform = process.platform,
  home: string = homedir(),
): string {
  if (env.GPC_DATA_DIR) return env.GPC_DATA_DIR;
  if (platform === 'darwin') return join(home, 'Library', 'Application Support', APP_DIR_NAME);
  if (platform === 'win32') return win32.join(env.APPDATA ?? win32.join(home, 'AppData', 'Roaming'), APP_DIR_NAME);
  return join(env.XDG_CONFIG_HOME || join(home, '.config'), XDG_DIR_NAME);
}
