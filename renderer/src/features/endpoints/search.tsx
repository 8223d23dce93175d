// What the command palette finds in the endpoints area: every endpoint by name, id or model.
import CloudQueue from '@mui/icons-material/CloudQueue';
import { navigate } from '../../platform/navigation/hash-router';
import type { SearchGroup } from '../feature';
import { useEndpoints } from './endpoints-store';

export async function searchEndpoints(): Promise<SearchGroup[]> {
  await useEndpoints.getState().ensureLoaded();
  return [
    {
      label: 'Endpoints',
      items: useEndpoints.getState().endpoints.map((e) => ({
        id: `endpoint:${e.id}`,
        title: e.name,
        keywords: [e.id, e.model],
        icon: <CloudQueue fontSize="small" />,
        run: () => navigate(`/endpoints/${encodeURIComponent(e.id)}`),
      })),
    },
  ];
}
