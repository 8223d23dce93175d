// Path patterns of every registered route: tells 405 (known path, other method) from 404, and
// which error envelope an unknown path gets (that of the routes it shares its first segments with).
import type { Envelope } from '../../../shared/api/errors';

interface Entry {
  re: RegExp;
  methods: Set<string>;
  /** The pattern's literal leading segments, e.g. ['v1', 'clusters'] for /v1/clusters/:cluster_id. */
  head: string[];
  envelope: Envelope;
}

/** An unknown path takes a route's envelope when it shares at least this many leading segments (`/v1/clusters/...`). */
const ENVELOPE_MIN_SHARED = 2;

export class RouteTable {
  private readonly entries: Entry[] = [];

  add(method: string, path: string, envelope: Envelope): void {
    const src = `^${path.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/:[A-Za-z_][A-Za-z0-9_]*/g, '[^/]+')}$`;
    let entry = this.entries.find((e) => e.re.source === src);
    if (!entry) {
      const segments = path.split('/').filter(Boolean);
      const literal = segments.findIndex((s) => s.startsWith(':'));
      const head = literal < 0 ? segments : segments.slice(0, literal);
      this.entries.push((entry = { re: new RegExp(src), methods: new Set(), head, envelope }));
    }
    entry.methods.add(method);
  }

  /** Methods allowed on this path, or null when no route has it. */
  allowedMethods(path: string): string[] | null {
    const methods = new Set<string>();
    for (const e of this.entries) if (e.re.test(path)) for (const m of e.methods) methods.add(m);
    return methods.size ? [...methods].sort() : null;
  }

  /** The envelope of the route matching the path, else of the route sharing the most leading segments; account by default. */
  envelopeFor(path: string): Envelope {
    const segments = path.split('/').filter(Boolean);
    let best: Entry | null = null;
    let bestShared = ENVELOPE_MIN_SHARED - 1;
    for (const e of this.entries) {
      if (e.re.test(path)) return e.envelope;
      let shared = 0;
      while (shared < e.head.length && shared < segments.length && e.head[shared] === segments[shared]) shared++;
      if (shared > bestShared) [best, bestShared] = [e, shared];
    }
    return best?.envelope ?? 'account';
  }
}
