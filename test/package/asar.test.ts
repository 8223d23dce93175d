// Packaging check: builds the unpacked Linux app with electron-builder.yml (offline: a
// stand-in Electron folder instead of a download, no native rebuild) and asserts what
// app.asar holds, that keytar's native module is unpacked, and that the hardened fuses
// were really flipped in the (stand-in) binary. The installer targets (dmg, nsis,
// AppImage, deb) need downloads and are checked as configuration only.
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { listPackage, statFile } from '@electron/asar';
import { FuseV1Options, getCurrentFuseWire } from '@electron/fuses';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const require = createRequire(import.meta.url);
// The YAML parser electron-builder itself reads the configuration with (its app-builder-lib's js-yaml).
const builderLib = createRequire(require.resolve('electron-builder/package.json')).resolve('app-builder-lib/package.json');
const yaml = createRequire(builderLib)('js-yaml') as { load(text: string): unknown };
const builderCli = require.resolve('electron-builder/cli.js');

/** The fuse sentinel of @electron/fuses, followed by wire version 1, 8 fuses in Electron's default states. */
const FUSE_SENTINEL = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX';
const ELECTRON_DEFAULT_FUSES = '10110001';
const DISABLE = 0x30;
const ENABLE = 0x31;

type BuilderConfig = {
  appId?: string;
  productName?: string;
  electronVersion?: string;
  asar?: boolean;
  asarUnpack?: string[];
  npmRebuild?: boolean;
  files?: string[];
  electronFuses?: Record<string, boolean>;
  mac?: {
    target?: Array<{ target: string; arch: string[] }>;
    hardenedRuntime?: boolean;
    entitlements?: string;
    entitlementsInherit?: string;
    notarize?: boolean;
  };
  win?: { target?: Array<{ target: string }> };
  linux?: { target?: string[]; category?: string; executableName?: string };
  deb?: { depends?: string[] };
};

const config = yaml.load(readFileSync(path.join(root, 'electron-builder.yml'), 'utf8')) as BuilderConfig;

let work: string;
let appDir: string;
let archive: string;
let entries: string[];

function runBuilder(extraArgs: string[]) {
  return spawnSync(
    process.execPath,
    [
      builderCli,
      '--config',
      'electron-builder.yml',
      '--dir',
      '--linux',
      '--x64',
      `-c.electronDist=${path.join(work, 'electron-dist')}`,
      '-c.npmRebuild=false',
      `-c.directories.output=${path.join(work, 'out')}`,
      ...extraArgs,
    ],
    { cwd: root, encoding: 'utf8', env: { ...process.env, CI: '1' } },
  );
}

beforeAll(() => {
  const build = spawnSync(process.execPath, [path.join(root, 'scripts', 'build.mjs'), '--if-missing', '--quiet'], {
    cwd: root,
    encoding: 'utf8',
  });
  expect(build.status, build.stderr).toBe(0);

  work = mkdtempSync(path.join(tmpdir(), 'package-check-'));
  const dist = path.join(work, 'electron-dist');
  mkdirSync(path.join(dist, 'resources'), { recursive: true });
  // A runnable stand-in for the Electron binary carrying a real fuse wire, so that
  // electron-builder's fuse step runs for real and can be read back.
  const binary = path.join(dist, 'electron');
  writeFileSync(
    binary,
    Buffer.concat([
      Buffer.from('#!/bin/sh\nexit 0\n'),
      Buffer.from(FUSE_SENTINEL),
      Buffer.from([1, 8]),
      Buffer.from(ELECTRON_DEFAULT_FUSES),
    ]),
  );
  chmodSync(binary, 0o755);
  writeFileSync(path.join(dist, 'version'), `${config.electronVersion}\n`);

  const result = runBuilder([]);
  expect(result.status, `${result.stdout}\n${result.stderr}`).toBe(0);
  appDir = path.join(work, 'out', 'linux-unpacked');
  archive = path.join(appDir, 'resources', 'app.asar');
  entries = listPackage(archive, { isPack: false }).map((e) => e.replace(/\\/g, '/'));
});

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('app.asar', () => {
  it('holds the built app and package.json', () => {
    for (const file of [
      '/dist/main/electron.cjs',
      '/dist/main/dataset-analysis-worker.cjs',
      '/dist/preload/index.cjs',
      '/dist/renderer/index.html',
      '/package.json',
    ]) {
      expect(entries, file).toContain(file);
    }
    const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { main: string };
    expect(entries).toContain(`/${pkg.main}`);
  });

  it('holds nothing of the sources, tests, docs, source maps or env files', () => {
    const own = entries.filter((e) => !e.startsWith('/node_modules/'));
    const topLevel = new Set(own.map((e) => e.split('/')[1]));
    expect([...topLevel].sort()).toEqual(['dist', 'node_modules', 'package.json']);
    for (const folder of ['test', 'docs', 'main', 'preload', 'renderer', 'shared', 'scripts', 'build'])
      expect(topLevel.has(folder), folder).toBe(false);
    expect(entries.filter((e) => /\.(ts|tsx|mts|cts)$/.test(e))).toEqual([]);
    expect(entries.filter((e) => e.endsWith('.map'))).toEqual([]);
    expect(entries.filter((e) => /(^|\/)\.env(\.|$)/.test(e))).toEqual([]);
  });

  it('ships production dependencies only: devDependencies (renderer libraries are bundled by Vite) stay out', () => {
    const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
      devDependencies: Record<string, string>;
    };
    for (const dep of Object.keys(pkg.dependencies)) expect(entries, dep).toContain(`/node_modules/${dep}/package.json`);
    for (const dev of [
      'vitest',
      'react',
      'react-dom',
      '@mui/material',
      'electron',
      'electron-builder',
      'typescript',
      'vite',
      'esbuild',
      'tsx',
      'json-server',
      '@playwright/test',
    ]) {
      expect(
        entries.some((e) => e.startsWith(`/node_modules/${dev}/`)),
        dev,
      ).toBe(false);
    }
  });

  it('unpacks keytar’s native module next to the archive', () => {
    const keytarNode = 'node_modules/keytar/build/Release/keytar.node';
    if (!existsSync(path.join(root, keytarNode))) return; // keytar is optional; without it there is nothing to unpack.
    expect(config.asarUnpack).toContain('**/*.node');
    expect(statFile(archive, keytarNode)).toMatchObject({ unpacked: true });
    expect(existsSync(path.join(appDir, 'resources', 'app.asar.unpacked', keytarNode))).toBe(true);
    expect(
      entries.filter((e) => e.endsWith('.node')).every((e) => (statFile(archive, e.slice(1)) as { unpacked?: boolean }).unpacked),
    ).toBe(true);
  });

  it('unpacks sharp with its native binding and libvips next to the archive', () => {
    expect(config.asarUnpack).toEqual(expect.arrayContaining(['**/node_modules/sharp/**', '**/node_modules/@img/**']));
    const img = entries.filter((e) => e.startsWith('/node_modules/@img/'));
    // The platform's binding and its libvips (a .so, .dylib or .dll the loader opens from disk).
    expect(img.some((e) => e.endsWith('.node'))).toBe(true);
    expect(img.some((e) => /libvips/.test(e))).toBe(true);
    for (const e of [...img, ...entries.filter((x) => x.startsWith('/node_modules/sharp/'))]) {
      const stat = statFile(archive, e.slice(1)) as { files?: unknown; unpacked?: boolean };
      if (stat.files === undefined) expect(stat.unpacked, e).toBe(true);
    }
  });

  it('flips the hardened fuses in the Electron binary', async () => {
    const wire = (await getCurrentFuseWire(path.join(appDir, config.linux?.executableName ?? 'electron'))) as unknown as Record<
      number,
      number
    >;
    expect(wire[FuseV1Options.RunAsNode]).toBe(DISABLE);
    expect(wire[FuseV1Options.EnableCookieEncryption]).toBe(ENABLE);
    expect(wire[FuseV1Options.EnableNodeOptionsEnvironmentVariable]).toBe(DISABLE);
    expect(wire[FuseV1Options.EnableNodeCliInspectArguments]).toBe(DISABLE);
    expect(wire[FuseV1Options.EnableEmbeddedAsarIntegrityValidation]).toBe(ENABLE);
    expect(wire[FuseV1Options.OnlyLoadAppFromAsar]).toBe(ENABLE);
    expect(wire[FuseV1Options.GrantFileProtocolExtraPrivileges]).toBe(DISABLE);
  });
});

describe('electron-builder.yml', () => {
  it('is validated against electron-builder’s schema on load (an unknown option is refused)', () => {
    const result = runBuilder(['-c.notAnOption=1']);
    expect(result.status).not.toBe(0);
    expect(`${result.stdout}${result.stderr}`).toMatch(/notAnOption/);
  });

  it('names the app and pins the installed Electron version', () => {
    expect(config.productName).toBe('GPU Operator Console');
    expect(config.appId).toMatch(/^[a-z0-9-]+(\.[a-z0-9-]+)+$/);
    const installed = JSON.parse(readFileSync(require.resolve('electron/package.json'), 'utf8')) as { version: string };
    expect(config.electronVersion).toBe(installed.version);
    expect(config.asar).toBe(true);
    // Windows groups the app's windows by this id; main.ts sets the same one.
    expect(readFileSync(path.join(root, 'main', 'electron', 'main.ts'), 'utf8')).toContain(`'${config.appId}'`);
    // Release builds must rebuild keytar for Electron's ABI: the default, not false.
    expect(config.npmRebuild).not.toBe(false);
  });

  it('declares every fuse hardened', () => {
    expect(config.electronFuses).toMatchObject({
      runAsNode: false,
      enableCookieEncryption: true,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
      grantFileProtocolExtraPrivileges: false,
    });
  });

  it('builds dmg and zip for arm64 and x64, hardened and notarised from environment credentials', () => {
    const targets = config.mac?.target ?? [];
    for (const kind of ['dmg', 'zip']) {
      expect(targets.find((t) => t.target === kind)?.arch.sort(), kind).toEqual(['arm64', 'x64']);
    }
    expect(config.mac?.hardenedRuntime).toBe(true);
    expect(config.mac?.notarize).toBe(true);
    for (const file of [config.mac?.entitlements, config.mac?.entitlementsInherit]) {
      expect(file && existsSync(path.join(root, file)), String(file)).toBe(true);
    }
  });

  it('builds nsis for Windows and AppImage + deb (needing libsecret) for Linux', () => {
    expect(config.win?.target?.map((t) => t.target)).toEqual(['nsis']);
    expect(config.linux?.target).toEqual(['AppImage', 'deb']);
    expect(config.linux?.category).toBe('Development');
    expect(config.deb?.depends).toContain('libsecret-1-0');
    expect(existsSync(path.join(root, 'build', 'icon.png'))).toBe(true);
  });
});
