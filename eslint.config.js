// Lint: the layering of DESIGN.md ("shared / main / main/electron / preload / renderer")
// checked by a tool, as an error, with no exemption list; plus typescript-eslint's
// recommended rules.
import { existsSync, readdirSync } from 'node:fs';
import tseslint from 'typescript-eslint';
import importPlugin from 'eslint-plugin-import';
import reactHooks from 'eslint-plugin-react-hooks';

/** The emulator's area folders (main/emulator/areas/<name>/). */
const emulatorAreas = readdirSync(new URL('./main/emulator/areas/', import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

const nodeBuiltins = [
  'node:*',
  'fs',
  'path',
  'os',
  'crypto',
  'child_process',
  'http',
  'https',
  'net',
  'url',
  'util',
  'stream',
  'events',
  'zlib',
  'worker_threads',
];

/** no-restricted-imports patterns: a module name and why it is refused here. */
function refuse(names, why) {
  return names.map((name) => ({ group: [name, `${name}/*`], message: `Bad layering: ${why}` }));
}

/** What the renderer refuses anywhere. */
const rendererPatterns = [
  ...refuse(nodeBuiltins, 'renderer/ runs in the browser.'),
  ...refuse(['electron', 'keytar', 'fastify', 'ky', 'ws'], 'renderer/ reaches the main process only through the bridge.'),
];

// The renderer's folders (renderer/src/), each importing only those listed below it:
//   shell/       frames the app: App, the navigation list, palette, status bar, profiles UI,
//                sign-in, theme; it reaches features only through features/registry.ts
//   features/    one folder per area, features/<area>/ (accounts, clusters, endpoints, training,
//                emulator), holding a folder per feature, features/<area>/<feature>/ (an area
//                with a single feature keeps it at its root); an area's own files serve its
//                feature folders; areas, and feature folders of an area, do not import each other
//   components/  shared widgets (and the error details ErrorAlert shows)
//   platform/    what features use and that frames nothing: router, intents, links, open-window,
//                URL state, page hooks, the app-wide stores (profiles, notifications, operations,
//                key storage, the team directory), the server clock, data generation, the
//                resource-store factory
//   bridge/      the transport to the main process; it reports what happens (call-outcomes)
//                and knows nothing above it
//   lib/         pure helpers: no app state, nothing else of the renderer
// Folders are read from disk, so a new area or feature is covered without an edit.
const SRC = './renderer/src';
const FEATURES = `${SRC}/features`;
const foldersIn = (path) =>
  readdirSync(new URL(`${path}/`, import.meta.url), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name);
const areas = foldersIn(FEATURES);
/** An area's feature folders: none when its single feature is at its root (an index.tsx there). */
const featureFoldersOf = (area) =>
  existsSync(new URL(`${FEATURES}/${area}/index.tsx`, import.meta.url)) ? [] : foldersIn(`${FEATURES}/${area}`);
/** Below the features and the shell. */
const BELOW = ['components', 'lib', 'platform', 'bridge'].map((folder) => `${SRC}/${folder}`);

export default tseslint.config(
  {
    ignores: ['node_modules/', 'dist/', 'release/', '.tsbuild/', 'test-results/', 'playwright-report/', '**/*.js', '**/*.mjs', '**/*.cjs'],
  },
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts', '**/*.tsx'],
    plugins: { import: importPlugin },
    settings: {
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.mjs'] } },
      // no-cycle follows imports into other files: it must parse TypeScript to see them.
      'import/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // Folders may only reach the layers DESIGN.md allows them.
      'import/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './shared',
              from: ['./main', './preload', './renderer', './test'],
              message: 'Bad layering: shared/ imports nothing but shared/.',
            },
            {
              target: './main',
              from: ['./renderer', './preload', './test'],
              message: 'Bad layering: main/ may import only shared/ and main/.',
            },
            {
              target: ['./main/*.ts', './main/!(electron)/**/*'],
              from: './main/electron',
              message: 'Bad layering: only main/electron/ may use the Electron shell.',
            },
            { target: './preload', from: ['./main', './renderer', './test'], message: 'Bad layering: preload/ may import only shared/.' },
            {
              target: './renderer',
              from: ['./main', './preload', './test'],
              message: 'Bad layering: renderer/ may import only shared/ and renderer/.',
            },
            // The emulator: core/, state/, sim/ and world/ know areas only through core/area.ts; areas do not reach each other.
            {
              target: ['./main/emulator/core', './main/emulator/state', './main/emulator/sim', './main/emulator/world'],
              from: './main/emulator/areas',
              message: 'Bad layering: core/, state/, sim/ and world/ know no area (they see areas through core/area.ts).',
            },
            ...emulatorAreas.map((area) => ({
              target: `./main/emulator/areas/${area}`,
              from: './main/emulator/areas',
              except: [`./${area}`],
              message: 'Bad layering: an area does not import another area (share through core/ or shared/).',
            })),
          ],
        },
      ],
      'import/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    files: ['shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...refuse(nodeBuiltins, 'shared/ runs anywhere: no Node built-ins.'),
            ...refuse(
              ['electron', 'react', 'react-dom', 'keytar', 'fastify', 'ky', 'ws'],
              'shared/ runs anywhere: no environment-specific packages.',
            ),
          ],
        },
      ],
    },
  },
  {
    files: ['main/**/*.ts'],
    ignores: ['main/electron/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...refuse(['electron'], 'only main/electron/ and preload/ import electron.'),
            ...refuse(['react', 'react-dom'], 'main/ has no UI.'),
          ],
        },
      ],
    },
  },
  {
    files: ['preload/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...refuse(nodeBuiltins, 'the preload is sandboxed: no Node built-ins.'),
            ...refuse(['react', 'react-dom', 'keytar', 'fastify', 'ky', 'ws'], 'the preload exposes the contract only.'),
          ],
        },
      ],
    },
  },
  {
    files: ['renderer/**/*.ts', 'renderer/**/*.tsx'],
    rules: { 'no-restricted-imports': ['error', { patterns: rendererPatterns }] },
  },
  // Views reach data through stores only (DESIGN.md: view → feature store → bridge): a view
  // (a feature's .tsx) imports no bridge/api, nor does a feature's other module (a hook, a
  // helper); only its store (*-store.ts) does. What a view reads that no store keeps is the
  // answer of a store action, held by platform/use-loaded.ts. (The renderer's patterns are
  // repeated: a later block replaces a rule's options.)
  {
    files: ['renderer/src/features/**/*.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...rendererPatterns,
            {
              group: ['**/bridge/api'],
              message:
                "Views reach data through stores only: a view calls no bridge; make the call an action of the feature's store (DESIGN.md, view → feature store → bridge).",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['renderer/src/features/**/*.ts'],
    ignores: ['renderer/src/features/**/*-store.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...rendererPatterns,
            {
              group: ['**/bridge/api'],
              message:
                "Features read through their stores only: only a feature's store calls the bridge; make the call an action of the store and hold its answer in the store or with platform/use-loaded.ts (DESIGN.md, view → feature store → bridge).",
            },
          ],
        },
      ],
    },
  },
  // The renderer's layers (above) and its areas (DESIGN.md, "An area is one module").
  {
    files: ['renderer/**/*.ts', 'renderer/**/*.tsx'],
    rules: {
      'import/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: BELOW,
              from: FEATURES,
              message: 'Bad layering: components/, lib/, platform/ and bridge/ are below the features and import none.',
            },
            {
              target: BELOW,
              from: `${SRC}/shell`,
              message: 'Bad layering: components/, lib/, platform/ and bridge/ are below the shell and do not import it.',
            },
            { target: `${SRC}/lib`, from: `${SRC}/components`, message: 'Bad layering: lib/ imports no component.' },
            {
              target: `${SRC}/lib`,
              from: [`${SRC}/platform`, `${SRC}/bridge`],
              message: 'Bad layering: lib/ holds pure helpers: no app state (platform/), no bridge.',
            },
            {
              target: `${SRC}/platform`,
              from: `${SRC}/components`,
              message: 'Bad layering: platform/ frames nothing: it imports no component.',
            },
            {
              target: `${SRC}/bridge`,
              from: [`${SRC}/platform`, `${SRC}/components`],
              message: 'Bad layering: bridge/ knows nothing above it: it reports (call-outcomes) and platform/ listens.',
            },
            {
              target: FEATURES,
              from: `${SRC}/shell`,
              message: 'Bad layering: features do not import the shell (what they share with it lives in platform/).',
            },
            {
              target: `${SRC}/shell`,
              from: FEATURES,
              except: ['./registry.ts', './feature.ts'],
              message: 'Bad layering: shell/ reaches features only through features/registry.ts.',
            },
            {
              target: FEATURES,
              from: `${FEATURES}/registry.ts`,
              message: 'Bad layering: features do not import the registry (the shell does).',
            },
            ...areas.map((area) => ({
              target: `${FEATURES}/${area}`,
              from: areas.filter((other) => other !== area).map((other) => `${FEATURES}/${other}`),
              message: `Bad layering: features/${area}/ may not import another area; what areas share lives in platform/, components/ or lib/.`,
            })),
            ...areas.flatMap((area) =>
              featureFoldersOf(area)
                .map((folder) => ({
                  target: `${FEATURES}/${area}/${folder}`,
                  from: featureFoldersOf(area)
                    .filter((other) => other !== folder)
                    .map((other) => `${FEATURES}/${area}/${other}`),
                  message: `Bad layering: features/${area}/${folder}/ may not import another feature folder; share through features/${area}/'s own files or a layer below.`,
                }))
                .filter((zone) => zone.from.length > 0),
            ),
            ...areas
              .filter((area) => featureFoldersOf(area).length > 0)
              .map((area) => ({
                target: `${FEATURES}/${area}/*.{ts,tsx}`,
                from: featureFoldersOf(area).map((folder) => `${FEATURES}/${area}/${folder}`),
                message: `Bad layering: the files of features/${area}/ serve its feature folders and import none of them.`,
              })),
            // The layering of DESIGN.md, repeated: this config object replaces the rule's options for the renderer.
            {
              target: './renderer',
              from: ['./main', './preload', './test'],
              message: 'Bad layering: renderer/ may import only shared/ and renderer/.',
            },
          ],
        },
      ],
    },
  },
  // React's rules of hooks, as errors. (v7's recommended set adds the React-compiler rules,
  // which flag patterns the views use on purpose, e.g. reading a ref during render to keep a
  // closing dialog's subject; they are left for when the compiler is adopted.)
  {
    files: ['renderer/**/*.tsx', 'renderer/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
);
