// The palette's list for a query: commands and found resources in one ranking by match quality
// (fuzzy.ts), so a name that starts with the query comes before a command whose letters merely
// appear in it. Resources are listed only once something is typed.
import type { ReactNode } from 'react';
import type { FeatureCommand, SearchGroup } from '../../features/registry';
import { bestMatch } from '../../lib/fuzzy';

export interface PaletteEntry {
  id: string;
  title: string;
  /** Right-hand caption: the command's group or the resource's kind. */
  caption: string;
  /** A resource's id (or other matched text) after its title. */
  detail?: string;
  icon?: ReactNode;
  shortcut?: string;
  /** Matched characters of the title, for highlighting. */
  positions: number[];
  run(): void;
}

const MAX_ENTRIES = 50;

export function paletteEntries(commands: readonly FeatureCommand[], groups: readonly SearchGroup[], query: string): PaletteEntry[] {
  const fromCommand = (c: FeatureCommand, positions: number[]): PaletteEntry => ({
    id: c.id,
    title: c.title,
    caption: c.group,
    icon: c.icon,
    shortcut: c.shortcut,
    positions,
    run: c.run,
  });
  if (query.trim() === '') return commands.map((c) => fromCommand(c, []));
  const ranked: Array<{ entry: PaletteEntry; score: number; order: number }> = [];
  commands.forEach((c, order) => {
    const m = bestMatch(query, [c.title]);
    if (m) ranked.push({ entry: fromCommand(c, m.positions), score: m.score, order });
  });
  let order = commands.length;
  for (const group of groups) {
    for (const item of group.items) {
      const keywords = item.keywords ?? [];
      const m = bestMatch(query, [item.title, ...keywords]);
      order += 1;
      if (!m) continue;
      const detail = m.index > 0 ? keywords[m.index - 1] : keywords[0];
      ranked.push({
        entry: {
          id: item.id,
          title: item.title,
          caption: group.label,
          detail: detail === item.title ? undefined : detail,
          icon: item.icon,
          positions: m.index === 0 ? m.positions : [],
          run: item.run,
        },
        score: m.score,
        order,
      });
    }
  }
  return ranked
    .sort((a, b) => b.score - a.score || a.order - b.order)
    .slice(0, MAX_ENTRIES)
    .map((r) => r.entry);
}
