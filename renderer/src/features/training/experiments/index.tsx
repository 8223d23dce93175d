// The experiments feature as the shell sees it.
import Add from '@mui/icons-material/Add';
import Science from '@mui/icons-material/Science';
import { navigate } from '../../../platform/navigation/hash-router';
import { useIntents } from '../../../platform/navigation/intents';
import type { Feature } from '../../feature';

export const feature: Feature = {
  id: 'experiments',
  area: 'training',
  path: '/experiments',
  label: 'Experiments',
  description:
    'Training runs grouped by hypothesis: statistics, insights, and a comparison with statistical tests, curves and the pareto frontier',
  icon: <Science fontSize="small" />,
  page: () => import('./ExperimentsPage'),
  prefetch: () => import('./experiments-store').then((m) => m.useExperiments.getState().ensureLoaded()),
  search: () => import('./search').then((m) => m.searchExperiments()),
  commands: [
    {
      id: 'experiments:create',
      group: 'Experiments',
      title: 'Experiments: new experiment',
      icon: <Add fontSize="small" />,
      shortcut: 'N',
      run: () => {
        navigate('/experiments');
        useIntents.getState().request('experiments:create');
      },
    },
  ],
};
