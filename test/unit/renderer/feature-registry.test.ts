import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { features } from '../../../renderer/src/features/registry';

const featuresDir = join(import.meta.dirname, '../../../renderer/src/features');
const folders = readdirSync(featuresDir, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

describe('feature registry', () => {
  // One folder per area; an area may give the shell more than one navigation entry (training:
  // Datasets and Training jobs), each under the area's own path.
  const folderOf = (path: string) => path.split('/')[1]!;

  it('lists every feature folder, and nothing else', () => {
    expect([...new Set(features.map((f) => folderOf(f.path)))].sort()).toEqual([...folders].sort());
  });

  it('gives every feature its own id, route and a page to load', () => {
    const paths = features.map((f) => f.path);
    expect(new Set(paths).size).toBe(paths.length);
    const ids = features.map((f) => f.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const f of features) {
      // A folder's only feature is named after it; one of several is under its path.
      const siblings = features.filter((g) => folderOf(g.path) === folderOf(f.path));
      if (siblings.length === 1) expect(f.path).toBe(`/${f.id}`);
      else expect(f.path.startsWith(`/${folderOf(f.path)}/`)).toBe(true);
      expect(typeof f.page).toBe('function');
    }
  });

  it('names palette commands after their feature', () => {
    const ids = features.flatMap((f) => (f.commands ?? []).map((c) => [f.id, c.id] as const));
    expect(ids.length).toBeGreaterThan(0);
    for (const [feature, command] of ids) expect(command.startsWith(`${feature}:`)).toBe(true);
  });
});
