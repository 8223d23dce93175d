// The datasets feature as the shell sees it (the training area: datasets/, jobs/, models/,
// tuning/, experiments/).
import Add from '@mui/icons-material/Add';
import DatasetOutlined from '@mui/icons-material/DatasetOutlined';
import { navigate } from '../../../platform/navigation/hash-router';
import { useIntents } from '../../../platform/navigation/intents';
import type { Feature } from '../../feature';

export const feature: Feature = {
  id: 'datasets',
  area: 'training',
  path: '/training/datasets',
  label: 'Datasets',
  description: 'Training datasets: upload JSON Lines or CSV with progress, validation report, schema, statistics, versions',
  icon: <DatasetOutlined fontSize="small" />,
  page: () => import('./DatasetsPage'),
  prefetch: () => import('./datasets-store').then((m) => m.useDatasets.getState().ensureLoaded()),
  search: () => import('./search').then((m) => m.searchDatasets()),
  commands: [
    {
      id: 'datasets:create',
      group: 'Datasets',
      title: 'Datasets: upload a dataset',
      icon: <Add fontSize="small" />,
      shortcut: 'N',
      run: () => {
        navigate('/training/datasets');
        useIntents.getState().request('datasets:create');
      },
    },
  ],
};
