#!/usr/bin/env node
// `npm test`: every check, in order of cost. Runs them all (a red step does not hide the
// others), prints one line per step and exits non-zero if any failed. The summary repeats the
// lines that name failed tests and errors, so the last screen of a CI log says what failed.
import { spawn } from 'node:child_process';

const steps = [
  ['typecheck', 'npm run --silent typecheck'],
  ['lint (layering)', 'npm run --silent lint'],
  ['dead code (knip)', 'npm run --silent knip'],
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
  const { status, failures } = await run(command);
  results.push({ name, ok: status === 0, seconds: (Date.now() - started) / 1000, failures });
}

console.log('\n=== summary');
for (const r of results) {
  console.log(`${r.ok ? 'ok  ' : 'FAIL'} ${r.name} (${r.seconds.toFixed(1)} s)`);
  if (!r.ok) for (const line of r.failures) console.log(`       ${line}`);
}
const failed = results.filter((r) => !r.ok).length;
console.log(`steps: ${results.length - failed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);

/** Runs one step, passing its output through, and keeps (deduplicated, at most 40) the lines
 *  that name a failed test or an error: vitest's `FAIL`/`×`, Playwright's `✘`, `Error:` lines,
 *  the files Prettier or ESLint complain about (`[warn] <file>`, `/path/file.ts`). */
function run(command) {
  return new Promise((resolve) => {
    const child = spawn(command, {
      shell: true,
      stdio: ['inherit', 'pipe', 'pipe'],
      env: { ...process.env, FORCE_COLOR: process.env.CI ? '0' : process.env.FORCE_COLOR },
    });
    const failures = new Set();
    const watch = (stream, out) => {
      let rest = '';
      stream.on('data', (chunk) => {
        out.write(chunk);
        const lines = (rest + chunk.toString('utf8')).split('\n');
        rest = lines.pop() ?? '';
        for (const raw of lines) {
          const line = raw.replace(/\x1b\[[0-9;]*m/g, '').trim();
          if (failures.size < 40 && /^(FAIL\b|×|✘|\d+\) |(\w*Error|Error):|\[warn\] |\/\S+\.(?:[cm]?[jt]sx?|md|json)$)/.test(line))
            failures.add(line.slice(0, 300));
        }
      });
    };
    watch(child.stdout, process.stdout);
    watch(child.stderr, process.stderr);
    child.on('close', (code) => resolve({ status: code ?? 1, failures: [...failures] }));
  });
}
