// The templates list as useServerList declares it, its filters and order kept in the address
// (`#/templates?q=bert&category=ml&sort_by=rating&deprecated=1`), all of them the list
// operation's: read again at once for a menu choice, after a pause for typing. And the choice
// of gallery or table, kept on this machine.
import { useCallback, useState } from 'react';
import { Framework, TemplateCategory, TemplateSortBy } from '../../../../../shared/api/clusters/templates';
import { oneOfParam } from '../../../platform/navigation/url-state';
import { useTemplates, type TemplateFilters, type TemplatesState, type TriState } from './templates-store';

const SEARCH_DEBOUNCE_MS = 250;

const URL = { category: '', framework: '', gpu: '', official: '', sort_by: 'name', deprecated: '' };
export type TemplateParams = typeof URL;

const tri = (value: string): TriState => (value === 'true' || value === 'false' ? value : '');

/** The server-side filters an address asks for (unknown values read as "any"). */
function filtersFromParams(p: TemplateParams & { q: string }): TemplateFilters {
  return {
    category: oneOfParam(TemplateCategory.options, p.category),
    framework: oneOfParam(Framework.options, p.framework),
    gpuCompatible: tri(p.gpu),
    official: tri(p.official),
    search: p.q,
    sortBy: oneOfParam(TemplateSortBy.options, p.sort_by) || 'name',
    includeDeprecated: p.deprecated === '1',
  };
}

export const TEMPLATE_LIST = {
  store: useTemplates,
  rows: (s: TemplatesState) => s.templates,
  url: URL,
  filters: filtersFromParams,
  serverTextMs: SEARCH_DEBOUNCE_MS,
  // The order, and a switch that widens the list: Clear filters keeps them.
  notFilters: ['sort_by', 'deprecated'] as const,
};

export type TemplatesView = 'gallery' | 'table';
const VIEW_KEY = 'gpc.templates.view';

function storedView(): TemplatesView {
  try {
    return localStorage.getItem(VIEW_KEY) === 'table' ? 'table' : 'gallery';
  } catch {
    return 'gallery';
  }
}

/** Gallery or table, as last chosen on this machine. */
export function useTemplatesView(): [TemplatesView, (next: TemplatesView | null) => void] {
  const [view, setView] = useState<TemplatesView>(storedView);
  const switchView = useCallback((next: TemplatesView | null) => {
    if (!next) return;
    setView(next);
    try {
      localStorage.setItem(VIEW_KEY, next);
    } catch {
      // storage unavailable: the choice lasts for this page only
    }
  }, []);
  return [view, switchView];
}
