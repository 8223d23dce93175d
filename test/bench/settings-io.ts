// Settings as code (issue 20), in-process through the emulator's fetch (routing, validation, the
// access decision, the plan, the write): an export followed by the import of what it produced,
// in JSON and in YAML, each import changing one preference so that the plan is computed and
// applied; against a plain GET of the settings measured in the same run.
// Run alone: npx tsx test/bench/settings-io.ts
import { fileURLToPath } from 'node:url';
import { createEmulator } from '../../main/emulator';
import { timeEachAsync } from './timing';

const RUNS = 50;
const WARMUP = 30;

export interface SettingsIoBench {
  /** Median ms of GET export (JSON, secrets) + POST import of it with one change, applied. */
  jsonRoundTripMs: number;
  /** The same with format=yaml and the YAML text posted as is (application/yaml). */
  yamlRoundTripMs: number;
  /** Median ms of GET /v2/accounts/settings: the baseline. */
  readMs: number;
}

export async function benchSettingsIo(): Promise<SettingsIoBench> {
  // Rate limits reported, not enforced: the bench makes more imports than an hour allows.
  const emulator = createEmulator({ seed: 42, rateLimits: 'report' });
  const base = 'http://emulator.local';
  const auth = { authorization: `Bearer ${emulator.ownerKey}` };
  const call = async (path: string, init: RequestInit = {}) => {
    const res = await emulator.fetch(new Request(base + path, { ...init, headers: { ...auth, ...init.headers } }));
    if (res.status !== 200) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    return res;
  };
  const themes = ['light', 'dark'] as const;
  let n = 0;
  try {
    const readMs = await timeEachAsync(RUNS, async () => {
      await (await call('/v2/accounts/settings')).text();
    });
    const jsonRoundTrip = async () => {
      const doc = (await (await call('/v2/accounts/settings/export?include_secrets=true')).json()) as {
        export: { settings: { preferences: { theme: string } } };
      };
      doc.export.settings.preferences.theme = themes[n++ % 2]!;
      const r = await call('/v2/accounts/settings/import', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(doc),
      });
      await r.text();
    };
    const yamlRoundTrip = async () => {
      const text = await (await call('/v2/accounts/settings/export?format=yaml&include_secrets=true')).text();
      const body = text.replace(/theme: \w+/, `theme: ${themes[n++ % 2]}`);
      const r = await call('/v2/accounts/settings/import', { method: 'POST', headers: { 'content-type': 'application/yaml' }, body });
      await r.text();
    };
    // Warmed up first: the YAML library's first documents run before the JIT has compiled it.
    await timeEachAsync(WARMUP, jsonRoundTrip);
    await timeEachAsync(WARMUP, yamlRoundTrip);
    const jsonRoundTripMs = await timeEachAsync(RUNS, jsonRoundTrip);
    const yamlRoundTripMs = await timeEachAsync(RUNS, yamlRoundTrip);
    return { jsonRoundTripMs, yamlRoundTripMs, readMs };
  } finally {
    await emulator.close();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) console.log(await benchSettingsIo());
