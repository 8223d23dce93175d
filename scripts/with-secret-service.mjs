#!/usr/bin/env node
// Runs a command against a real, throwaway Secret Service: a private D-Bus session with
// gnome-keyring-daemon unlocked, HOME and XDG folders in a fresh temporary folder. Used by
// `npm run test:keychain`, so keychain tests never touch the user's own keyring.
//   node scripts/with-secret-service.mjs <command> [args...]
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const command = process.argv.slice(2);
if (command.length === 0) {
  console.error('usage: node scripts/with-secret-service.mjs <command> [args...]');
  process.exit(2);
}

const onPath = (tool) => spawnSync('sh', ['-c', `command -v ${tool}`], { stdio: 'ignore' }).status === 0;
const missing = ['dbus-run-session', 'gnome-keyring-daemon'].filter((tool) => !onPath(tool));
if (missing.length > 0) {
  console.error(
    `with-secret-service: ${missing.join(' and ')} not found; install them (Debian/Ubuntu: apt-get install -y dbus-x11 gnome-keyring libsecret-1-dev).`,
  );
  process.exit(1);
}

const root = mkdtempSync(join(tmpdir(), 'gpc-secret-service-'));
const home = join(root, 'home');
const data = join(root, 'data');
const runtime = join(root, 'runtime');
for (const dir of [home, data, runtime]) mkdirSync(dir, { recursive: true });
// The keyring daemon refuses a runtime folder others can read.
chmodSync(runtime, 0o700);

// The unlock password only protects this throwaway keyring.
const inner = 'echo -n pw | gnome-keyring-daemon --unlock --components=secrets >/dev/null; exec "$@"';
const run = spawnSync('dbus-run-session', ['--', 'sh', '-c', inner, 'sh', ...command], {
  stdio: 'inherit',
  // GPC_THROWAWAY_KEYRING tells tests they may write the app's own entries: nothing outlives this run.
  env: {
    ...process.env,
    HOME: home,
    XDG_DATA_HOME: data,
    XDG_RUNTIME_DIR: runtime,
    XDG_CONFIG_HOME: join(home, '.config'),
    GPC_THROWAWAY_KEYRING: '1',
  },
});

rmSync(root, { recursive: true, force: true });
if (run.error) {
  console.error(`with-secret-service: could not run dbus-run-session (${run.error.message}).`);
  process.exit(1);
}
process.exit(run.status ?? 1);
