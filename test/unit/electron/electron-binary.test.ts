import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { findElectronBinary, hasDisplay } from '../../../scripts/electron-binary.mjs';

describe('finding an Electron binary without downloading one', () => {
  it('uses ELECTRON_OVERRIDE_DIST_PATH when it holds the executable', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'electron-dist-'));
    const name = process.platform === 'win32' ? 'electron.exe' : 'electron';
    expect(findElectronBinary({ ELECTRON_OVERRIDE_DIST_PATH: dir })).toBeNull();
    writeFileSync(path.join(dir, name), '');
    expect(findElectronBinary({ ELECTRON_OVERRIDE_DIST_PATH: dir })).toBe(path.join(dir, name));
  });

  it('reads node_modules/electron/path.txt and dist/ instead of requiring the package', () => {
    const packageDir = path.join(process.cwd(), 'node_modules', 'electron');
    const pathFile = path.join(packageDir, 'path.txt');
    const found = findElectronBinary({});
    if (!existsSync(pathFile)) {
      // The state of an offline install: the package is there, its binary never downloaded.
      expect(found).toBeNull();
      // Looking did not trigger the download (which writes path.txt).
      expect(existsSync(pathFile)).toBe(false);
    } else {
      expect(found).toBe(path.join(packageDir, 'dist', readFileSync(pathFile, 'utf8').trim()));
    }
  });

  it('sees a display on macOS and Windows, and on Linux only with X11 or Wayland', () => {
    expect(hasDisplay({}, 'darwin')).toBe(true);
    expect(hasDisplay({}, 'win32')).toBe(true);
    expect(hasDisplay({}, 'linux')).toBe(false);
    expect(hasDisplay({ DISPLAY: ':99' }, 'linux')).toBe(true);
    expect(hasDisplay({ WAYLAND_DISPLAY: 'wayland-0' }, 'linux')).toBe(true);
  });
});
