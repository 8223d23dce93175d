import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AREAS } from '../../../renderer/src/features/feature';
import { features, type Feature } from '../../../renderer/src/features/registry';

const featuresDir = join(import.meta.dirname, '../../../renderer/src/features');
const foldersIn = (dir: string) =>
  readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name);
const areaFolders = foldersIn(featuresDir);

// Features are grouped by area: `features/<area>/<feature>/`, or the area's folder itself when
// its single feature is at its root (endpoints, emulator). A feature folder has an index that
// exports its `feature`.
const featureFolders = areaFolders.flatMap((area) =>
  existsSync(join(featuresDir, area, 'index.tsx')) ? [area] : foldersIn(join(featuresDir, area)).map((folder) => `${area}/${folder}`),
);

async function featureOfFolder(folder: string): Promise<Feature> {
  const module = (await import(join(featuresDir, folder, 'index.tsx'))) as { feature?: Feature };
  if (!module.feature) throw new Error(`features/${folder}/index.tsx exports no feature`);
  return module.feature;
}

describe('feature registry', () => {
  const last = (path: string) => path.split('/').pop()!;

  it('lists every feature folder, and nothing else', async () => {
    const onDisk = await Promise.all(featureFolders.map(featureOfFolder));
    expect(new Set(features)).toEqual(new Set(onDisk));
    expect(features).toHaveLength(onDisk.length);
  });

  it('registers each feature under the area whose folder holds it, named as its route ends', async () => {
    expect([...AREAS].sort()).toEqual([...areaFolders].sort());
    for (const folder of featureFolders) {
      const feature = await featureOfFolder(folder);
      expect(feature.area, folder).toBe(folder.split('/')[0]);
      expect(last(feature.path), folder).toBe(last(folder));
    }
  });

  it('gives every feature its own id, route and a page to load', () => {
    const paths = features.map((f) => f.path);
    expect(new Set(paths).size).toBe(paths.length);
    const ids = features.map((f) => f.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const f of features) {
      // A feature is named after its route, or is one of several under its area's path (training:
      // Datasets and Training jobs).
      if (f.path !== `/${f.id}`) expect(f.path.startsWith(`/${f.area}/`)).toBe(true);
      expect(typeof f.page).toBe('function');
    }
  });

  it('names palette commands after their feature', () => {
    const ids = features.flatMap((f) => (f.commands ?? []).map((c) => [f.id, c.id] as const));
    expect(ids.length).toBeGreaterThan(0);
    for (const [feature, command] of ids) expect(command.startsWith(`${feature}:`)).toBe(true);
  });
});
