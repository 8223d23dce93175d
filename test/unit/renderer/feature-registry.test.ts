import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { features } from '../../../renderer/src/features/registry';

const featuresDir = join(import.meta.dirname, '../../../renderer/src/features');
const folders = readdirSync(featuresDir, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

describe('feature registry', () => {
  it('lists every feature folder once, by its folder name', () => {
    expect(features.map((f) => f.id).sort()).toEqual([...folders].sort());
  });

  it('gives every feature its own route and a page to load', () => {
    const paths = features.map((f) => f.path);
    expect(new Set(paths).size).toBe(paths.length);
    for (const f of features) {
      expect(f.path).toBe(`/${f.id}`);
      expect(typeof f.page).toBe('function');
    }
  });

  it('names palette commands after their feature', () => {
    const ids = features.flatMap((f) => (f.commands ?? []).map((c) => [f.id, c.id] as const));
    expect(ids.length).toBeGreaterThan(0);
    for (const [feature, command] of ids) expect(command.startsWith(`${feature}:`)).toBe(true);
  });
});
