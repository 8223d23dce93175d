// The resources the palette searches: each feature's provider is asked once per opening (its
// stores load what is not loaded yet); results arrive area by area and are kept in area order.
import { useEffect, useMemo, useState } from 'react';
import type { SearchGroup } from '../../features/registry';
import type { NormalizedError } from '../../../../shared/api/errors';
import { toNormalizedError } from '../../bridge/errors';
import { areas } from '../navigation/areas';

export interface PaletteSearch {
  groups: SearchGroup[];
  /** Labels of the areas still being read, e.g. "Clusters". */
  pending: string[];
  /** One line per area that could not be read, with its error (a refusal offers its "Why?"). */
  failures: Array<{ text: string; error: NormalizedError }>;
}

type Answer = { groups: SearchGroup[] } | { failure: { text: string; error: NormalizedError } };

export function usePaletteSearch(open: boolean): PaletteSearch {
  const [answers, setAnswers] = useState<Record<string, Answer>>({});
  useEffect(() => {
    if (!open) return;
    let live = true;
    setAnswers({});
    for (const area of areas) {
      if (!area.search) continue;
      area.search().then(
        (groups) => live && setAnswers((a) => ({ ...a, [area.id]: { groups } })),
        (error: unknown) => {
          if (!live) return;
          const normalized = toNormalizedError(error);
          const text = `Could not search ${area.label.toLowerCase()}: ${normalized.message}`;
          setAnswers((a) => ({ ...a, [area.id]: { failure: { text, error: normalized } } }));
        },
      );
    }
    return () => {
      live = false;
    };
  }, [open]);
  return useMemo(() => {
    const searchable = areas.filter((a) => a.search);
    const done = searchable.map((a) => answers[a.id]).filter((x): x is Answer => x !== undefined);
    return {
      groups: done.flatMap((a) => ('groups' in a ? a.groups : [])),
      pending: searchable.filter((a) => !answers[a.id]).map((a) => a.label),
      failures: done.flatMap((a) => ('failure' in a ? [a.failure] : [])),
    };
  }, [answers]);
}
