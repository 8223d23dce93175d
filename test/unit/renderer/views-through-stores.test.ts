// "Views reach data through stores only" (eslint.config.js), probed through ESLint's Node API
// like the layering rules (layering.test.ts): a view (a feature's .tsx) that imports the bridge
// gets the rule's message, and so does a feature's other module (a hook, a helper); the feature's
// store, and a view or module importing its store, get none.
import { join } from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '../../..');
let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({ cwd: root, overrideConfig: { rules: { 'import/no-cycle': 'off' } } });
});

/** The messages for a probe file at `file` (under renderer/src/) that imports `spec`. */
async function lintProbe(file: string, spec: string) {
  const code = `import * as probe from '${spec}';\n\nexport { probe };\n`;
  const [result] = await eslint.lintText(code, { filePath: join(root, 'renderer/src', file) });
  return result!.messages;
}

const MESSAGE =
  "Views reach data through stores only: a view calls no bridge; make the call an action of the feature's store (DESIGN.md, view → feature store → bridge).";

const MODULE_MESSAGE =
  "Features read through their stores only: only a feature's store calls the bridge; make the call an action of the store and hold its answer in the store or with platform/use-loaded.ts (DESIGN.md, view → feature store → bridge).";

describe('views reach data through stores only (eslint.config.js)', () => {
  it.each([
    ['a view', 'features/training/models/ProbeView.tsx', '../../../bridge/api'],
    ['a view in a nested feature folder', 'features/clusters/clusters/lifecycle/ProbeDialog.tsx', '../../../../bridge/api'],
  ])('refuses the bridge in %s', async (_what, file, spec) => {
    const messages = await lintProbe(file, spec);
    expect(messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message)).toEqual([
      `'${spec}' import is restricted from being used by a pattern. ${MESSAGE}`,
    ]);
  });

  it.each([
    ['a non-view module of a feature', 'features/clusters/logs/probe.ts', '../../../bridge/api'],
    ['a hook of a nested feature folder', 'features/clusters/clusters/metrics/use-probe.ts', '../../../../bridge/api'],
  ])('refuses the bridge in %s', async (_what, file, spec) => {
    const messages = await lintProbe(file, spec);
    expect(messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message)).toEqual([
      `'${spec}' import is restricted from being used by a pattern. ${MODULE_MESSAGE}`,
    ]);
  });

  it.each([
    ["the feature's store", 'features/training/models/probe-store.ts', '../../../bridge/api'],
    ["a nested feature folder's store", 'features/clusters/clusters/proxy/probe-store.ts', '../../../../bridge/api'],
    ['a non-view module importing its store', 'features/clusters/logs/probe.ts', './logs-store'],
    ['a non-view module importing the loader', 'features/clusters/logs/probe.ts', '../../../platform/use-loaded'],
    ['a view importing its store', 'features/training/models/ProbeView.tsx', './models-store'],
    ['a view importing the bridge errors', 'features/training/models/ProbeView.tsx', '../../../bridge/errors'],
  ])('allows %s', async (_what, file, spec) => {
    expect(await lintProbe(file, spec)).toEqual([]);
  });

  it('keeps the renderer-wide refusals in views', async () => {
    const messages = await lintProbe('features/training/models/ProbeView.tsx', 'electron');
    expect(messages.map((m) => m.message)).toEqual([
      "'electron' import is restricted from being used by a pattern. Bad layering: renderer/ reaches the main process only through the bridge.",
    ]);
  });
}, 120_000);
