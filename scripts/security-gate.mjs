#!/usr/bin/env node
// Security gate (part of `npm test`): runs Electronegativity over the Electron main
// process sources, the preload and the built renderer's HTML, writes its findings as JSON
// to a temporary file, and fails on any finding that is not a manual-review item, or on
// any file it could not parse (Electronegativity itself always exits 0).
//
// The Content-Security-Policy is sent as a response header by the app:// protocol
// handler, which Electronegativity cannot see; so the exact policy string from
// main/electron/csp.ts is handed to it as a <meta> in a generated HTML file, and its CSP
// checks evaluate the real policy instead of reporting "no CSP".
import { cpSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);

async function servedPolicy() {
  const esbuild = await import('esbuild');
  const out = await esbuild.build({
    entryPoints: [path.join(root, 'main', 'electron', 'csp.ts')],
    bundle: true,
    format: 'esm',
    platform: 'neutral',
    write: false,
    logLevel: 'silent',
  });
  const code = out.outputFiles[0].text;
  const mod = await import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`);
  return mod.CONTENT_SECURITY_POLICY;
}

function escapeAttribute(value) {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

function prepareScanFolder(policy) {
  const scan = mkdtempSync(path.join(tmpdir(), 'security-gate-'));
  const src = path.join(scan, 'src');
  cpSync(path.join(root, 'main', 'electron'), path.join(src, 'main-electron'), { recursive: true });
  cpSync(path.join(root, 'preload'), path.join(src, 'preload'), { recursive: true, filter: (p) => !p.endsWith('tsconfig.json') });
  const rendererDist = path.join(root, 'dist', 'renderer');
  if (existsSync(rendererDist)) {
    for (const name of readdirSync(rendererDist).filter((n) => n.endsWith('.html'))) {
      cpSync(path.join(rendererDist, name), path.join(src, 'renderer-dist', name));
    }
  }
  writeFileSync(
    path.join(src, 'app-protocol-csp.html'),
    `<!doctype html>\n<!-- The policy main/electron/app-files.ts sends as a header on every app:// response. -->\n<meta http-equiv="Content-Security-Policy" content="${escapeAttribute(policy)}">\n`,
  );
  return { scan, src };
}

function describe(issue) {
  const where = issue.file && issue.file !== 'N/A' ? `${issue.file}:${issue.location?.line ?? 0}` : 'global';
  return `${issue.id} (${issue.severity?.name ?? '?'}, ${issue.confidence?.name ?? '?'}) at ${where}: ${issue.description}`;
}

async function main() {
  const policy = await servedPolicy();
  const { scan, src } = prepareScanFolder(policy);
  const reportFile = path.join(scan, 'electronegativity.json');
  const electronVersion = JSON.parse(readFileSync(require.resolve('electron/package.json'), 'utf8')).version;
  const run = require('@doyensec/electronegativity');

  // Its logger and i18n chatter go to the console; keep the gate's output to its summary.
  // (It also tries to fetch Electron's release list, which fails offline and is harmless.)
  const verbose = process.argv.includes('--verbose');
  const writes = { out: process.stdout.write, err: process.stderr.write };
  if (!verbose) process.stdout.write = process.stderr.write = () => true;
  let result;
  try {
    result = await run({ input: src, isRelative: true, electronVersionOverride: electronVersion });
  } finally {
    process.stdout.write = writes.out;
    process.stderr.write = writes.err;
  }

  const issues = result.issues.map((i) => ({
    id: i.id,
    file: i.file,
    location: i.location,
    severity: i.severity,
    confidence: i.confidence,
    manualReview: Boolean(i.manualReview),
    description: i.description,
  }));
  const parseErrors = result.errors.filter((e) => !e.tolerable);
  writeFileSync(reportFile, JSON.stringify({ electronVersion, policy, issues, errors: result.errors }, null, 2));

  const failing = issues.filter((i) => !i.manualReview);
  const review = issues.filter((i) => i.manualReview);
  for (const issue of failing) console.error(`  FAIL ${describe(issue)}`);
  for (const error of parseErrors) console.error(`  FAIL could not parse ${error.file}: ${error.message}`);
  if (verbose) for (const issue of review) console.log(`  review ${describe(issue)}`);

  const ok = failing.length === 0 && parseErrors.length === 0;
  console.log(
    `Security gate ${ok ? 'passed' : 'FAILED'}: Electronegativity ran ${result.atomicChecks + result.globalChecks} checks on main/electron, preload and the renderer's HTML — ${failing.length} failing finding(s), ${parseErrors.length} unparsed file(s), ${review.length} manual-review item(s)${ok ? '' : `; report: ${reportFile}`}.`,
  );
  if (ok) rmSync(scan, { recursive: true, force: true });
  process.exit(ok ? 0 : 1);
}

main().catch((error) => {
  console.error(`Security gate could not run: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
