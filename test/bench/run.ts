// `npm run bench`: the issue's performance targets, each measured against a baseline taken
// in the same run (throughput as a ratio to bare node:http; latency and size against their
// budgets). Prints a table and writes test/bench/results.json; exits 1 if a target is missed.
import { writeFileSync } from 'node:fs';
import { benchClusterList } from './cluster-list';
import { benchDurability } from './durability';
import { benchEmulatorHttp } from './emulator-http';
import { benchGateway } from './gateway';
import { benchSecretList } from './secret-list';
import { benchWebLoad } from './web-load';

interface Row {
  name: string;
  figure: string;
  target: string;
  ok: boolean;
}

async function main(): Promise<void> {
  const only = process.argv.slice(2);
  const want = (name: string) => only.length === 0 || only.includes(name);
  const rows: Row[] = [];
  const results: Record<string, unknown> = { date: new Date().toISOString(), node: process.version };

  if (want('http')) {
    const r = await benchEmulatorHttp();
    results.http = r;
    rows.push({
      name: 'emulator HTTP, GET /v2/accounts/api-keys, 50 connections',
      figure: `${Math.round(r.emulatorRps)} req/s = ${r.ratio.toFixed(2)}x bare node:http (${Math.round(r.bareRps)} req/s); json-server ${r.jsonServerRps === null ? 'n/a' : `${Math.round(r.jsonServerRps)} req/s`}`,
      target: '>= 0.50x',
      ok: r.ratio >= 0.5,
    });
  }
  if (want('gateway')) {
    const r = await benchGateway();
    results.gateway = r;
    rows.push({
      name: 'gateway -> embedded emulator, in-process',
      figure: `p50 ${r.p50Ms.toFixed(3)} ms, p95 ${r.p95Ms.toFixed(3)} ms (n=${r.n})`,
      target: 'p50 <= 0.5 ms',
      ok: r.p50Ms <= 0.5,
    });
  }
  if (want('web')) {
    const r = await benchWebLoad();
    results.web = r;
    rows.push({
      name: 'web mode cold load',
      figure: `interactive in ${Math.round(r.interactiveMs)} ms; initial JS ${r.initialJsGzipKB.toFixed(1)} KB gzip`,
      target: '<= 1000 ms; <= 400 KB',
      ok: r.interactiveMs <= 1000 && r.initialJsGzipKB <= 400,
    });
  }

  if (want('clusters')) {
    const r = await benchClusterList();
    results.clusterList = r;
    rows.push({
      name: 'cluster list (500)',
      figure: `${r.clusters} clusters: first rows in ${r.renderMs} ms; filter in ${r.filterMs} ms`,
      target: '<= 500 ms render, <= 100 ms filter',
      ok: r.renderMs <= 500 && r.filterMs <= 100,
    });
  }

  if (want('secrets')) {
    const r = await benchSecretList();
    results.secretList = r;
    rows.push({
      name: 'secret list (2,000)',
      figure: `${r.secrets} secrets: first rows in ${r.renderMs} ms; search in ${r.filterMs} ms`,
      target: '<= 1000 ms render, <= 100 ms search',
      ok: r.renderMs <= 1000 && r.filterMs <= 100,
    });
  }

  if (want('durability')) {
    const r = await benchDurability();
    results.durability = r;
    rows.push({
      name: `durability: emulator CLI killed with SIGKILL under continuous writes, ${r.kill.runs} runs`,
      figure: `${r.kill.lost} of ${r.kill.answered} answered writes lost (${r.kill.inFlightAtKill} requests in flight at the kills)`,
      target: '0 lost',
      ok: r.kill.lost === 0,
    });
    rows.push({
      name: 'durable writes in-process, 50 concurrent writers',
      figure: `${Math.round(r.throughput.durableWps)} writes/s = ${r.throughput.ratio.toFixed(2)}x in memory (${Math.round(r.throughput.memoryWps)} writes/s)`,
      target: '>= 2000 writes/s',
      ok: r.throughput.durableWps >= 2000,
    });
    rows.push({
      name: `restart of the default world with a write-ahead log of ${r.restart.walRecords} records`,
      figure: `${Math.round(r.restart.withLogMs)} ms (same world from the snapshot alone: ${Math.round(r.restart.snapshotOnlyMs)} ms)`,
      target: '<= 1000 ms',
      ok: r.restart.withLogMs <= 1000,
    });
  }

  for (const row of rows) console.log(`${row.ok ? 'ok  ' : 'MISS'} ${row.name}: ${row.figure} (target ${row.target})`);
  writeFileSync(new URL('./results.json', import.meta.url), JSON.stringify(results, null, 2) + '\n');
  process.exit(rows.every((r) => r.ok) ? 0 : 1);
}

main().catch((error: unknown) => {
  console.error(`bench failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
