#!/usr/bin/env node
// `npm start`: builds, then launches the desktop app when an Electron binary is on this
// machine and a display is there to show it; otherwise says so in one sentence and serves
// the same console in web mode (as `npm run serve` does). Never downloads Electron:
// requiring the electron package would try to, so its binary is looked up on disk.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { findElectronBinary, hasDisplay } from './electron-binary.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const forwardedArgs = process.argv.slice(2);

function run(command, args, env = process.env) {
  const child = spawn(command, args, { cwd: root, stdio: 'inherit', env });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('error', (error) => {
    console.error(`Could not start ${path.basename(command)}: ${error.message}`);
    process.exit(1);
  });
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}

function runBuild() {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(root, 'scripts', 'build.mjs'), '--if-missing'], { cwd: root, stdio: 'inherit' });
    child.on('exit', (code) => resolve(code === 0));
    child.on('error', () => resolve(false));
  });
}

function runWebMode(reason) {
  console.log(reason);
  const tsxCli = path.join(path.dirname(require.resolve('tsx/package.json')), 'dist', 'cli.mjs');
  run(process.execPath, [tsxCli, path.join(root, 'main', 'web', 'cli.ts'), ...forwardedArgs]);
}

async function main() {
  if (!(await runBuild())) {
    console.error('The console was not started because the build failed (see above).');
    process.exit(1);
  }
  const electron = findElectronBinary();
  if (!electron) {
    runWebMode(
      'No Electron binary is available on this machine (offline, behind a proxy or headless), so the console runs in web mode instead.',
    );
    return;
  }
  if (!hasDisplay()) {
    runWebMode('No display is available (neither DISPLAY nor WAYLAND_DISPLAY is set), so the console runs in web mode instead.');
    return;
  }
  const env = { ...process.env };
  // Set by some shells and tools; it would make Electron run as plain Node.
  delete env.ELECTRON_RUN_AS_NODE;
  run(electron, [path.join(root, 'dist', 'main', 'electron.cjs'), ...forwardedArgs], env);
}

main().catch((error) => {
  console.error(`The console could not start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
