// What the command palette finds in the templates area: every template by name or id,
// deprecated ones included. The store's list holds what the list page's filters chose, so the
// palette reads the unfiltered list itself.
import WidgetsOutlined from '@mui/icons-material/WidgetsOutlined';
import { navigate } from '../../../platform/navigation/hash-router';
import { api } from '../../../bridge/api';
import type { SearchGroup } from '../../feature';

export async function searchTemplates(): Promise<SearchGroup[]> {
  const { data } = await api('clusters.templates.list', { query: { include_deprecated: true } });
  return [
    {
      label: 'Templates',
      items: data.data.templates.map((t) => ({
        id: `template:${t.id}`,
        title: t.name,
        keywords: [t.id],
        icon: <WidgetsOutlined fontSize="small" />,
        run: () => navigate(`/templates/${encodeURIComponent(t.id)}`),
      })),
    },
  ];
}
