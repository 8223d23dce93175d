#!/usr/bin/env node
// Builds what the app runs: the renderer (Vite → dist/renderer), the Electron main
// process (esbuild → dist/main/electron.cjs) and the preload (esbuild → dist/preload/index.cjs).
//   --if-missing  skip when every output exists and is newer than every source (mtime check)
//   --quiet       print only errors
//   --out <dir>   write the three outputs under <dir> instead of dist/ (the build check
//                 in test/package builds into a temporary folder)
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const argv = process.argv.slice(2);
const args = new Set(argv);
const outIndex = argv.indexOf('--out');
const outDir = outIndex >= 0 && argv[outIndex + 1] ? path.resolve(argv[outIndex + 1]) : path.join(root, 'dist');
const quiet = args.has('--quiet');
const ifMissing = args.has('--if-missing');
const log = (message) => {
  if (!quiet) console.log(message);
};

const viteConfig = path.join(root, 'renderer', 'vite.config.ts');
const outputs = {
  renderer: path.join(outDir, 'renderer', 'index.html'),
  main: path.join(outDir, 'main', 'electron.cjs'),
  // The dataset analysis worker (main/emulator/areas/training/datasets/analyze/runner.ts finds it beside the main bundle).
  analysisWorker: path.join(outDir, 'main', 'dataset-analysis-worker.cjs'),
  preload: path.join(outDir, 'preload', 'index.cjs'),
};
const sourceDirs = ['main', 'preload', 'shared', 'renderer'].map((d) => path.join(root, d));
const sourceFiles = ['package.json', 'package-lock.json'].map((f) => path.join(root, f));

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry.name)));
  }
  return newest;
}

function upToDate() {
  const outputTimes = Object.values(outputs).map((f) => (existsSync(f) ? statSync(f).mtimeMs : 0));
  if (outputTimes.some((t) => t === 0)) return false;
  const newestSource = Math.max(...sourceDirs.map(newestMtime), ...sourceFiles.map(newestMtime));
  return Math.min(...outputTimes) >= newestSource;
}

async function buildRenderer() {
  if (!existsSync(viteConfig)) {
    throw new Error(`The renderer cannot be built: ${path.relative(root, viteConfig)} does not exist.`);
  }
  const { build } = await import('vite');
  await build({
    configFile: viteConfig,
    logLevel: quiet ? 'error' : 'info',
    build: { outDir: path.dirname(outputs.renderer), emptyOutDir: true },
  });
}

function externalsFor(names) {
  return names.flatMap((name) => [name, `${name}/*`]);
}

/**
 * Whether a package can only be imported, not required (e.g. ky). The main bundle is
 * CommonJS: requiring such a package hands back its namespace where the code expects the
 * default export, so these are bundled rather than left in node_modules.
 */
function isEsmOnly(name) {
  try {
    const pkg = JSON.parse(readFileSync(path.join(root, 'node_modules', name, 'package.json'), 'utf8'));
    if (pkg.type !== 'module') return false;
    return !JSON.stringify(pkg.exports ?? {}).includes('"require"');
  } catch {
    return false;
  }
}

async function buildMainAndPreload() {
  const esbuild = await import('esbuild');
  const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
  const runtimePackages = [...Object.keys(pkg.dependencies ?? {}), ...Object.keys(pkg.optionalDependencies ?? {})].filter(
    (name) => !isEsmOnly(name),
  );
  const common = { bundle: true, format: 'cjs', logLevel: quiet ? 'error' : 'warning', legalComments: 'none', sourcemap: false };

  const nodeBundle = {
    ...common,
    platform: 'node',
    target: 'node20',
    // Production dependencies ship in node_modules (keytar is native and must stay outside
    // the bundle), except ESM-only ones, which are bundled (see isEsmOnly).
    // esbuild: the emulator bundles its analysis worker with it only when run from the sources.
    external: externalsFor(['electron', 'keytar', 'esbuild', ...runtimePackages]),
    // ESM sources may read import.meta.url; in the CommonJS bundle it is the bundle's own URL.
    define: { 'import.meta.url': '__bundleImportMetaUrl' },
    banner: { js: "const __bundleImportMetaUrl = require('node:url').pathToFileURL(__filename).href;" },
  };
  await esbuild.build({ ...nodeBundle, entryPoints: [path.join(root, 'main', 'electron', 'main.ts')], outfile: outputs.main });
  await esbuild.build({
    ...nodeBundle,
    entryPoints: [path.join(root, 'main', 'emulator', 'areas', 'training', 'datasets', 'analyze', 'worker.ts')],
    outfile: outputs.analysisWorker,
  });

  // Sandboxed preloads cannot require modules: everything but electron goes in one file.
  await esbuild.build({
    ...common,
    entryPoints: [path.join(root, 'preload', 'index.ts')],
    outfile: outputs.preload,
    platform: 'browser',
    target: 'chrome120',
    external: ['electron'],
    minify: true,
  });
}

async function main() {
  if (ifMissing && upToDate()) {
    log('Build is up to date (dist/ is newer than the sources).');
    return;
  }
  log('Bundling the main process and preload (esbuild)…');
  await buildMainAndPreload();
  log('Building the renderer (Vite)…');
  await buildRenderer();
  const shown = outDir === path.join(root, 'dist') ? 'dist' : outDir;
  log(`Built ${shown}/renderer, ${shown}/main/electron.cjs and ${shown}/preload/index.cjs.`);
}

main().catch((error) => {
  console.error(`Build failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
