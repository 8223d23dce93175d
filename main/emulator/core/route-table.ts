// Path patterns of every registered route, to tell 405 (known path, other method) from 404.
export class RouteTable {
  private readonly entries: Array<{ re: RegExp; methods: Set<string> }> = [];

  add(method: string, path: string): void {
    const src = `^${path.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/:[A-Za-z_][A-Za-z0-9_]*/g, '[^/]+')}$`;
    let entry = this.entries.find((e) => e.re.source === src);
    if (!entry) this.entries.push((entry = { re: new RegExp(src), methods: new Set() }));
    entry.methods.add(method);
  }

  /** Methods allowed on this path, or null when no route has it. */
  allowedMethods(path: string): string[] | null {
    const methods = new Set<string>();
    for (const e of this.entries) if (e.re.test(path)) for (const m of e.methods) methods.add(m);
    return methods.size ? [...methods].sort() : null;
  }
}
