// The registry's list as useServerList declares it, its filters and sort kept in the address
// (`#/models?q=support&type=llm&status=ready&sort_by=size&order=asc`): type, status and the
// order (sort_by, order) are the list operation's and read again at once; the search filters
// what was read, as typed. And the ticks that pick 2–10 models to compare (C).
import { useCallback, useMemo, useState } from 'react';
import { ModelType } from '../../../../../shared/api/training/jobs';
import { ModelSort, ModelStatus } from '../../../../../shared/api/training/models';
import { useLatest } from '../../../lib/use-latest';
import { navigate } from '../../../platform/navigation/hash-router';
import { oneOfParam } from '../../../platform/navigation/url-state';
import { modelColumns } from './model-columns';
import { comparePath, MODEL_COMPARE_LIMITS } from './model-routes';
import { searchModels, useModels, type ModelFilters, type ModelItem, type ModelsState } from './models-store';

const URL = { type: '', status: '', sort_by: 'created_at', order: 'desc' };

/** The list operation's filters an address asks for (unknown values read as "any"). */
function filtersFromParams(p: typeof URL): ModelFilters {
  return {
    type: oneOfParam(ModelType.options, p.type),
    status: oneOfParam(ModelStatus.options, p.status),
    sortBy: oneOfParam(ModelSort.options, p.sort_by) || 'created_at',
    order: p.order === 'asc' ? 'asc' : 'desc',
  };
}

export const MODEL_LIST = {
  store: useModels,
  rows: (s: ModelsState) => s.models,
  url: URL,
  filters: filtersFromParams,
  // Words of name, id, base model, description or tags; not fuzzy (the list operation has no search).
  select: (rows: readonly ModelItem[], text: string) => searchModels(rows, text),
  notFilters: ['sort_by', 'order'] as const,
};

function compareHint(count: number): string | null {
  const { min, max } = MODEL_COMPARE_LIMITS;
  if (count < min) return `Tick ${min} to ${max} models to compare them`;
  if (count > max) return `At most ${max} models at a time (${count} ticked)`;
  return null;
}

/** The compare ticks: the table's columns with them, the ticked ids, why Compare is off, and `c`. */
export function useCompareTicks() {
  const models = useModels((s) => s.models);
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set());
  const toggle = useCallback(
    (id: string) =>
      setSelected((s) => {
        const next = new Set(s);
        if (!next.delete(id)) next.add(id);
        return next;
      }),
    [],
  );
  const columns = useMemo(() => modelColumns({ selected, toggle }), [selected, toggle]);
  const ticked = models.filter((m) => selected.has(m.id)).map((m) => m.id);
  const hint = compareHint(ticked.length);
  const compareRef = useLatest(() => {
    if (!hint) navigate(comparePath(ticked));
  });
  const compare = useCallback(() => compareRef.current(), [compareRef]);
  const keys = useMemo(() => ({ c: compare }), [compare]);
  return { columns, ticked, hint, compare, keys };
}
