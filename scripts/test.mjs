#!/usr/bin/env node
// `npm test`: every check, in order of cost. Runs them all (a red step does not hide the
// others), prints one line per step and exits non-zero if any failed.
import { spawnSync } from 'node:child_process';

const steps = [
  ['typecheck', 'npm run --silent typecheck'],
  ['lint (layering)', 'npm run --silent lint'],
  ['format', 'npm run --silent format:check'],
  ['unit', 'npm run --silent test:unit'],
  ['integration', 'npm run --silent test:integration'],
  ['keychain (Secret Service)', 'npm run --silent test:keychain'],
  ['browser end-to-end', 'npm run --silent test:e2e'],
  ['security gate', 'npm run --silent test:security'],
  ['packaging', 'npm run --silent test:package'],
];

const only = process.argv.slice(2);
const results = [];
for (const [name, command] of steps) {
  if (only.length > 0 && !only.some((o) => name.startsWith(o))) continue;
  console.log(`\n=== ${name}: ${command}`);
  const started = Date.now();
  const run = spawnSync(command, {
    shell: true,
    stdio: 'inherit',
    env: { ...process.env, FORCE_COLOR: process.env.CI ? '0' : process.env.FORCE_COLOR },
  });
  results.push({ name, ok: run.status === 0, seconds: (Date.now() - started) / 1000 });
}

console.log('\n=== summary');
for (const r of results) console.log(`${r.ok ? 'ok  ' : 'FAIL'} ${r.name} (${r.seconds.toFixed(1)} s)`);
const failed = results.filter((r) => !r.ok).length;
console.log(`steps: ${results.length - failed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
