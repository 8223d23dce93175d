// Older snapshots of the cluster area: version 1 called a stop or restart under way
// `operation`, a name now kept for the route descriptors alone; it is `lifecycle` since version 2.
export function upgradeClusters(stored: unknown, fromVersion: number): unknown {
  if (fromVersion >= 2 || typeof stored !== 'object' || stored === null) return stored;
  const clusters = (stored as { clusters?: unknown }).clusters;
  if (!Array.isArray(clusters)) return stored;
  return {
    ...stored,
    clusters: clusters.map((c: unknown) => {
      if (typeof c !== 'object' || c === null || !Object.hasOwn(c, 'operation')) return c;
      const { operation, ...rest } = c as Record<string, unknown>;
      return { ...rest, lifecycle: operation };
    }),
  };
}
