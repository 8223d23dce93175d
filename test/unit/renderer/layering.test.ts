// The renderer's layering rules (eslint.config.js), each probed through ESLint's Node API: a
// file placed in a folder (linted by its path, never written) with an import the rule refuses
// gets the rule's message, and one with an import it allows gets no message at all. (import/no-cycle
// is off for the probes: it reads the importing file from disk, and a probe is never written, so
// that no other test or tool sees it.)
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

const LAYERING = 'import/no-restricted-paths';

// [rule, probe file, import, the rule's message]
const refused: Array<[string, string, string, string]> = [
  ...['components', 'lib', 'platform', 'bridge'].map((folder): [string, string, string, string] => [
    `${folder}/ imports no feature`,
    `${folder}/probe.ts`,
    '../features/endpoints/endpoint-logic',
    'Bad layering: components/, lib/, platform/ and bridge/ are below the features and import none.',
  ]),
  ...['components', 'lib', 'platform', 'bridge'].map((folder): [string, string, string, string] => [
    `${folder}/ does not import the shell`,
    `${folder}/probe.ts`,
    '../shell/ui-store',
    'Bad layering: components/, lib/, platform/ and bridge/ are below the shell and do not import it.',
  ]),
  ['lib/ imports no component', 'lib/probe.ts', '../components/form/field-errors', 'Bad layering: lib/ imports no component.'],
  [
    'lib/ imports no app state',
    'lib/probe.ts',
    '../platform/server-clock',
    'Bad layering: lib/ holds pure helpers: no app state (platform/), no bridge.',
  ],
  [
    'lib/ imports no bridge',
    'lib/probe.ts',
    '../bridge/errors',
    'Bad layering: lib/ holds pure helpers: no app state (platform/), no bridge.',
  ],
  [
    'platform/ imports no component',
    'platform/probe.ts',
    '../components/CopyButton',
    'Bad layering: platform/ frames nothing: it imports no component.',
  ],
  [
    'bridge/ imports nothing above it',
    'bridge/probe.ts',
    '../platform/server-clock',
    'Bad layering: bridge/ knows nothing above it: it reports (call-outcomes) and platform/ listens.',
  ],
  [
    'features do not import the shell',
    'features/endpoints/probe.ts',
    '../../shell/ui-store',
    'Bad layering: features do not import the shell (what they share with it lives in platform/).',
  ],
  [
    'the shell reaches features only through the registry',
    'shell/probe.ts',
    '../features/endpoints/endpoints-store',
    'Bad layering: shell/ reaches features only through features/registry.ts.',
  ],
  [
    'features do not import the registry',
    'features/emulator/probe.ts',
    '../registry',
    'Bad layering: features do not import the registry (the shell does).',
  ],
  [
    'an area does not import another area',
    'features/endpoints/probe.ts',
    '../clusters/clusters/cluster-logic',
    'Bad layering: features/endpoints/ may not import another area; what areas share lives in platform/, components/ or lib/.',
  ],
  [
    'a feature folder does not import another of its area',
    'features/training/jobs/probe.ts',
    '../datasets/dataset-form',
    "Bad layering: features/training/jobs/ may not import another feature folder; share through features/training/'s own files or a layer below.",
  ],
  [
    "an area's own files import none of its feature folders",
    'features/training/probe.ts',
    './jobs/job-format',
    'Bad layering: the files of features/training/ serve its feature folders and import none of them.',
  ],
  [
    'renderer/ imports no main/',
    'platform/probe.ts',
    '../../../main/emulator/core/clock',
    'Bad layering: renderer/ may import only shared/ and renderer/.',
  ],
];

// [what is allowed, probe file, import]
const allowed: Array<[string, string, string]> = [
  ['lib/ imports lib/', 'lib/probe.ts', './format'],
  ['bridge/ imports lib/', 'bridge/probe.ts', '../lib/format'],
  ['platform/ imports the bridge', 'platform/probe.ts', '../bridge/errors'],
  ['platform/ imports lib/', 'platform/probe.ts', '../lib/table-logic'],
  ['components/ import platform/', 'components/probe.ts', '../platform/navigation/links'],
  ['features import platform/', 'features/endpoints/probe.ts', '../../platform/page-hooks'],
  ['features import components/', 'features/training/jobs/probe.ts', '../../../components/DataTable'],
  ['features import the feature type', 'features/clusters/logs/probe.ts', '../../feature'],
  ["a feature folder imports its area's own files", 'features/training/jobs/probe.ts', '../training-format'],
  ['a feature folder imports itself', 'features/clusters/clusters/metrics/probe.ts', '../cluster-logic'],
  ['the shell imports the registry', 'shell/probe.ts', '../features/registry'],
  ['the shell imports the feature type', 'shell/probe.ts', '../features/feature'],
  ['the shell imports platform/', 'shell/probe.ts', '../platform/profiles-store'],
  ['the renderer imports shared/', 'lib/probe.ts', '../../../shared/api/errors'],
];

describe('renderer layering (eslint.config.js)', () => {
  it.each(refused)('refuses: %s', async (_rule, file, spec, message) => {
    const messages = await lintProbe(file, spec);
    expect(messages.filter((m) => m.ruleId === LAYERING).map((m) => m.message)).toEqual([
      `Unexpected path "${spec}" imported in restricted zone. ${message}`,
    ]);
  });

  it.each(allowed)('allows: %s', async (_what, file, spec) => {
    expect(await lintProbe(file, spec)).toEqual([]);
  });
}, 120_000);
