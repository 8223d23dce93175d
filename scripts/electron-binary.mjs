// Finds an installed Electron executable without triggering a download: requiring the
// electron package downloads its binary on first use, so read what its installer left
// (node_modules/electron/path.txt and dist/) or ELECTRON_OVERRIDE_DIST_PATH instead.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);

/** The Electron executable's path, or null when none is on this machine. */
export function findElectronBinary(env = process.env) {
  let packageDir = null;
  try {
    packageDir = path.dirname(require.resolve('electron/package.json'));
  } catch {
    // electron is not installed (e.g. a production-only install)
  }
  const pathFile = packageDir ? path.join(packageDir, 'path.txt') : null;
  const relative = pathFile && existsSync(pathFile) ? readFileSync(pathFile, 'utf8').trim() : '';
  if (env.ELECTRON_OVERRIDE_DIST_PATH) {
    const candidate = path.join(env.ELECTRON_OVERRIDE_DIST_PATH, relative || (process.platform === 'win32' ? 'electron.exe' : 'electron'));
    return existsSync(candidate) ? candidate : null;
  }
  if (!packageDir || !relative) return null;
  const candidate = path.join(packageDir, 'dist', relative);
  return existsSync(candidate) ? candidate : null;
}

/** Whether a window can be shown: always on macOS and Windows; on Linux only with X11 or Wayland. */
export function hasDisplay(env = process.env, platform = process.platform) {
  if (platform !== 'linux') return true;
  return Boolean(env.DISPLAY || env.WAYLAND_DISPLAY);
}
