// The templates list's filters and sort, kept in the address
// (`#/templates?q=bert&category=ml&sort_by=rating&deprecated=1`), and the list read with them:
// at once for a menu choice, after a pause for typing.
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Framework, TemplateCategory, TemplateSortBy } from '../../../../../shared/api/clusters/templates';
import { useIntents } from '../../../platform/navigation/intents';
import { useUrlSort, useUrlState } from '../../../platform/navigation/url-state';
import { useTemplates, type TemplateFilters, type TriState } from './templates-store';

export const SEARCH_DEBOUNCE_MS = 250;

const URL_DEFAULTS = { q: '', category: '', framework: '', gpu: '', official: '', sort_by: 'name', deprecated: '', sort: '' };
type Params = typeof URL_DEFAULTS;

const oneOf = <T extends string>(options: readonly T[], value: string): T | '' => (options.includes(value as T) ? (value as T) : '');
const tri = (value: string): TriState => (value === 'true' || value === 'false' ? value : '');

/** The server-side filters an address asks for (unknown values read as "any"). */
export function filtersFromParams(p: Params, search: string): TemplateFilters {
  return {
    category: oneOf(TemplateCategory.options, p.category),
    framework: oneOf(Framework.options, p.framework),
    gpuCompatible: tri(p.gpu),
    official: tri(p.official),
    search,
    sortBy: oneOf(TemplateSortBy.options, p.sort_by) || 'name',
    includeDeprecated: p.deprecated === '1',
  };
}

function paramsFromPatch(patch: Partial<TemplateFilters>): Partial<Record<keyof Params, string>> {
  const out: Partial<Record<keyof Params, string>> = {};
  if (patch.category !== undefined) out.category = patch.category;
  if (patch.framework !== undefined) out.framework = patch.framework;
  if (patch.gpuCompatible !== undefined) out.gpu = patch.gpuCompatible;
  if (patch.official !== undefined) out.official = patch.official;
  if (patch.search !== undefined) out.q = patch.search;
  if (patch.sortBy !== undefined) out.sort_by = patch.sortBy;
  if (patch.includeDeprecated !== undefined) out.deprecated = patch.includeDeprecated ? '1' : '';
  return out;
}

export function useTemplateList() {
  const [params, setParams] = useUrlState(URL_DEFAULTS);
  const search = params.q;
  const [appliedSearch, setAppliedSearch] = useDebounced(search);
  // Keyed by the values, not the params object (new on every change of the address).
  const { category, framework, gpu, official, sort_by, deprecated } = params;
  const filters = useMemo(
    () => filtersFromParams({ ...URL_DEFAULTS, category, framework, gpu, official, sort_by, deprecated }, appliedSearch),
    [category, framework, gpu, official, sort_by, deprecated, appliedSearch],
  );
  useEffect(() => {
    void useTemplates.getState().load(filters);
  }, [filters]);
  const seq = useIntents((s) => s.seq);
  useEffect(() => {
    if (useIntents.getState().take('page:refresh')) void useTemplates.getState().load();
  }, [seq]);
  const setSearch = useCallback((q: string) => setParams({ q }, 'typing'), [setParams]);
  const change = useCallback(
    (patch: Partial<TemplateFilters>) => {
      if (patch.search !== undefined) setAppliedSearch(patch.search);
      setParams(paramsFromPatch(patch));
    },
    [setParams, setAppliedSearch],
  );
  return { filters, search, setSearch, change, ...useUrlSort(params.sort, setParams) };
}

/** The value once it has stayed the same for SEARCH_DEBOUNCE_MS; the setter applies one at once. */
function useDebounced(value: string): [string, (v: string) => void] {
  const [applied, setApplied] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setApplied(value), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(t);
  }, [value, setApplied]);
  return [applied, setApplied];
}
