// What the command palette finds in the experiments area: every listed experiment by name, id or tag.
import Science from '@mui/icons-material/Science';
import { navigate } from '../../../platform/navigation/hash-router';
import type { SearchGroup } from '../../feature';
import { experimentPath } from './experiment-route';
import { useExperiments } from './experiments-store';

export async function searchExperiments(): Promise<SearchGroup[]> {
  await useExperiments.getState().ensureLoaded();
  return [
    {
      label: 'Experiments',
      items: useExperiments.getState().experiments.map((e) => ({
        id: `experiment:${e.id}`,
        title: e.name,
        keywords: [e.id, ...e.tags],
        icon: <Science fontSize="small" />,
        run: () => navigate(experimentPath(e.id)),
      })),
    },
  ];
}
