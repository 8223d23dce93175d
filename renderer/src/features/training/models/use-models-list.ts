// The registry's filters and sort, kept in the address
// (`#/models?q=support&type=llm&status=ready&sort_by=size&order=asc`): type, status and sort are
// the list operation's and read again at once; the search filters what was read, as typed.
import { useEffect, useMemo } from 'react';
import { ModelType } from '../../../../../shared/api/training/jobs';
import { ModelSort, ModelStatus } from '../../../../../shared/api/training/models';
import { useIntents } from '../../../platform/navigation/intents';
import { useUrlSort, useUrlState } from '../../../platform/navigation/url-state';
import { useModels, type ModelFilters } from './models-store';

const URL_DEFAULTS = { q: '', type: '', status: '', sort_by: 'created_at', order: 'desc', sort: '' };
type Params = typeof URL_DEFAULTS;

const oneOf = <T extends string>(options: readonly T[], value: string): T | '' => (options.includes(value as T) ? (value as T) : '');

/** The list operation's filters an address asks for (unknown values read as "any"). */
export function filtersFromParams(p: Params): ModelFilters {
  return {
    type: oneOf(ModelType.options, p.type),
    status: oneOf(ModelStatus.options, p.status),
    sortBy: oneOf(ModelSort.options, p.sort_by) || 'created_at',
    order: p.order === 'asc' ? 'asc' : 'desc',
  };
}

export function useModelList() {
  const [params, setParams] = useUrlState(URL_DEFAULTS);
  const { type, status, sort_by, order } = params;
  const filters = useMemo(() => filtersFromParams({ ...URL_DEFAULTS, type, status, sort_by, order }), [type, status, sort_by, order]);
  useEffect(() => {
    void useModels.getState().load(filters);
  }, [filters]);
  const seq = useIntents((s) => s.seq);
  useEffect(() => {
    if (useIntents.getState().take('page:refresh')) void useModels.getState().load();
  }, [seq]);
  const change = (patch: Partial<ModelFilters>) =>
    setParams({
      ...(patch.type !== undefined ? { type: patch.type } : {}),
      ...(patch.status !== undefined ? { status: patch.status } : {}),
      ...(patch.sortBy !== undefined ? { sort_by: patch.sortBy } : {}),
      ...(patch.order !== undefined ? { order: patch.order } : {}),
    });
  return {
    filters,
    search: params.q,
    setSearch: (q: string) => setParams({ q }, 'typing'),
    change,
    ...useUrlSort(params.sort, setParams),
  };
}
