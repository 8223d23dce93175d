// The inheritance of the roles laid out as layers: a role sits one layer under the deepest role it
// inherits (viewer, then developer, then admin), so every edge goes down from a parent to the role
// that inherits it. Within a layer, a role sits near the middle of its parents (barycentre), which
// keeps custom roles under the roles they inherit.

export interface GraphRole {
  name: string;
  inherits: readonly string[];
}

interface GraphNode {
  name: string;
  layer: number;
  /** Column within the whole graph (0-based, may be fractional after centring). */
  x: number;
}

export interface RoleGraphLayout {
  nodes: GraphNode[];
  /** From parent to child (the role that inherits it). */
  edges: Array<{ from: string; to: string }>;
  layers: number;
  columns: number;
}

export function layoutRoleGraph(roles: readonly GraphRole[]): RoleGraphLayout {
  const byName = new Map(roles.map((r) => [r.name, r]));
  const layerOf = new Map<string, number>();
  const visiting = new Set<string>();
  // Longest path to a role that inherits nothing; a cycle (which the emulator refuses) counts as none.
  const depth = (name: string): number => {
    const known = layerOf.get(name);
    if (known !== undefined) return known;
    if (visiting.has(name)) return 0;
    visiting.add(name);
    const parents = (byName.get(name)?.inherits ?? []).filter((p) => byName.has(p));
    const d = parents.length ? 1 + Math.max(...parents.map(depth)) : 0;
    visiting.delete(name);
    layerOf.set(name, d);
    return d;
  };
  for (const r of roles) depth(r.name);
  const layers = roles.length ? Math.max(...layerOf.values()) + 1 : 0;
  const xOf = new Map<string, number>();
  const nodes: GraphNode[] = [];
  let columns = 0;
  for (let layer = 0; layer < layers; layer++) {
    const here = roles.filter((r) => layerOf.get(r.name) === layer);
    const wanted = (r: GraphRole) => {
      const xs = r.inherits.map((p) => xOf.get(p)).filter((x): x is number => x !== undefined);
      return xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : Number.POSITIVE_INFINITY;
    };
    const ordered = [...here].sort((a, b) => wanted(a) - wanted(b));
    let next = 0;
    for (const r of ordered) {
      const want = wanted(r);
      const x = Number.isFinite(want) ? Math.max(next, want) : next;
      xOf.set(r.name, x);
      nodes.push({ name: r.name, layer, x });
      next = x + 1;
    }
    columns = Math.max(columns, next);
  }
  const edges = roles.flatMap((r) => r.inherits.filter((p) => byName.has(p)).map((p) => ({ from: p, to: r.name })));
  return { nodes, edges, layers, columns };
}
