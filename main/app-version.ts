// The console's version, for app:info and the emulator's `GET /`.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** The version in package.json, found from the running script upwards; '0.0.0' when not found. */
export function readAppVersion(): string {
  const starts = [process.argv[1] ? dirname(process.argv[1]) : null, process.cwd()].filter((s): s is string => !!s);
  for (const start of starts) {
    for (let dir = start, i = 0; i < 8; i++, dir = dirname(dir)) {
      const file = join(dir, 'package.json');
      if (existsSync(file)) {
        try {
          const pkg = JSON.parse(readFileSync(file, 'utf8')) as { name?: unknown; version?: unknown };
          if (pkg.name === 'gpu-operator-console' && typeof pkg.version === 'string') return pkg.version;
        } catch {
          // not ours or unreadable: keep looking
        }
      }
      if (dirname(dir) === dir) break;
    }
  }
  return '0.0.0';
}
