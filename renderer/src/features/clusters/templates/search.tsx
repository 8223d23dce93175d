// What the command palette finds in the templates area: every template by name or id,
// deprecated ones included. The store's list holds what the list page's filters chose, so the
// palette reads the unfiltered list itself.
import WidgetsOutlined from '@mui/icons-material/WidgetsOutlined';
import { navigate } from '../../../platform/navigation/hash-router';
import type { SearchGroup } from '../../feature';
import { useTemplates } from './templates-store';

export async function searchTemplates(): Promise<SearchGroup[]> {
  const templates = await useTemplates.getState().listAll();
  return [
    {
      label: 'Templates',
      items: templates.map((t) => ({
        id: `template:${t.id}`,
        title: t.name,
        keywords: [t.id],
        icon: <WidgetsOutlined fontSize="small" />,
        run: () => navigate(`/templates/${encodeURIComponent(t.id)}`),
      })),
    },
  ];
}
