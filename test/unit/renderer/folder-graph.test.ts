// No import cycle between the renderer's folders: shell/, platform/, components/, lib/, bridge/,
// each area's own files (features/<area>/) and each feature folder (features/<area>/<feature>/),
// read from the import statements of renderer/src (static, `export … from` and `import()`).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const src = join(import.meta.dirname, '../../../renderer/src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) =>
    d.isDirectory() ? sourceFiles(join(dir, d.name)) : /\.tsx?$/.test(d.name) ? [join(dir, d.name)] : [],
  );
}

function resolveImport(from: string, spec: string): string | null {
  const base = resolve(dirname(from), spec);
  const candidates = [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')];
  return candidates.find((c) => existsSync(c) && statSync(c).isFile()) ?? null;
}

/** The folder a file of renderer/src belongs to, as the layering sees folders. */
function folderOf(file: string): string {
  const parts = relative(src, file).split(sep);
  if (parts.length === 1) return parts[0]!; // main.tsx
  if (parts[0] !== 'features') return parts[0]!; // shell, platform, components, lib, bridge
  if (parts.length === 2) return parts.join('/'); // features/registry.ts, features/feature.ts
  if (parts.length === 3) return parts.slice(0, 2).join('/'); // an area's own files
  return parts.slice(0, 3).join('/'); // a feature folder, with everything under it
}

type Edges = Map<string, Map<string, string>>; // folder → folder it imports → one import that does

function folderGraph(): Edges {
  const edges: Edges = new Map();
  for (const file of sourceFiles(src)) {
    const from = folderOf(file);
    if (!edges.has(from)) edges.set(from, new Map());
    for (const { fileName: spec } of ts.preProcessFile(readFileSync(file, 'utf8'), true, true).importedFiles) {
      if (!spec.startsWith('.')) continue;
      const target = resolveImport(file, spec);
      if (target === null) throw new Error(`${relative(src, file)}: cannot resolve ${spec}`);
      if (!target.startsWith(src + sep)) continue; // shared/
      const to = folderOf(target);
      if (to !== from && !edges.get(from)!.has(to)) edges.get(from)!.set(to, `${relative(src, file)} imports ${spec}`);
    }
  }
  return edges;
}

/** Each cycle's folders, one per strongly connected component with more than one folder (Tarjan). */
function cycles(edges: Edges): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const found: string[][] = [];
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    for (const w of edges.get(v)?.keys() ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (stack.includes(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        component.push(w);
      } while (w !== v);
      if (component.length > 1) found.push(component);
    }
  };
  for (const v of edges.keys()) if (!index.has(v)) visit(v);
  return found;
}

/** One cycle through a component, each step with an import that makes it: "a → b (file imports x)". */
function describeCycle(edges: Edges, component: string[]): string {
  const inside = new Set(component);
  const start = component[0]!;
  const path = [start];
  const seen = new Set([start]);
  const walk = (v: string): boolean => {
    for (const w of edges.get(v)?.keys() ?? []) {
      if (!inside.has(w)) continue;
      if (w === start) return path.push(w) > 0;
      if (seen.has(w)) continue;
      seen.add(w);
      path.push(w);
      if (walk(w)) return true;
      path.pop();
    }
    return false;
  };
  walk(start);
  return path
    .slice(1)
    .map((to, i) => `${path[i]} → ${to} (${edges.get(path[i]!)!.get(to)})`)
    .join('\n');
}

describe('renderer folder graph', () => {
  it('has no cycle between folders', () => {
    const edges = folderGraph();
    // The graph is the whole renderer, not an empty one.
    for (const folder of ['shell', 'platform', 'components', 'lib', 'bridge', 'features/registry.ts', 'features/clusters/clusters'])
      expect(edges.has(folder), folder).toBe(true);
    expect(edges.get('shell')!.has('features/registry.ts')).toBe(true);
    const found = cycles(edges).map((component) => describeCycle(edges, component));
    expect(found, `import cycles between folders:\n\n${found.join('\n\n')}`).toEqual([]);
  });

  it('finds and prints a cycle when there is one', () => {
    const edges: Edges = new Map([
      ['lib', new Map()],
      ['platform', new Map([['lib', 'platform/a.ts imports ../lib/x']])],
      ['components', new Map([['platform', 'components/b.ts imports ../platform/y']])],
    ]);
    expect(cycles(edges)).toEqual([]);
    edges.get('platform')!.set('components', 'platform/c.ts imports ../components/z');
    const found = cycles(edges);
    expect(found).toHaveLength(1);
    expect(describeCycle(edges, found[0]!).split('\n').sort()).toEqual([
      'components → platform (components/b.ts imports ../platform/y)',
      'platform → components (platform/c.ts imports ../components/z)',
    ]);
  });
});
