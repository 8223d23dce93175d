// The training features as the shell sees them: Datasets and Training jobs, one navigation
// entry each (views per folder: datasets/, jobs/).
import Add from '@mui/icons-material/Add';
import DatasetOutlined from '@mui/icons-material/DatasetOutlined';
import ModelTraining from '@mui/icons-material/ModelTraining';
import { navigate } from '../../platform/navigation/hash-router';
import { useIntents } from '../../platform/navigation/intents';
import type { Feature } from '../feature';

export const datasetsFeature: Feature = {
  id: 'datasets',
  path: '/training/datasets',
  label: 'Datasets',
  description: 'Training datasets: upload JSON Lines or CSV with progress, validation report, schema, statistics, versions',
  icon: <DatasetOutlined fontSize="small" />,
  page: () => import('./datasets/DatasetsPage'),
  prefetch: () => import('./datasets/datasets-store').then((m) => m.useDatasets.getState().ensureLoaded()),
  search: () => import('./datasets/search').then((m) => m.searchDatasets()),
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

export const trainingJobsFeature: Feature = {
  id: 'training-jobs',
  path: '/training/jobs',
  label: 'Training jobs',
  description:
    'Fine-tuning jobs: live progress and loss, learning-rate and throughput charts, checkpoints, stop and resume, estimated cost',
  icon: <ModelTraining fontSize="small" />,
  page: () => import('./jobs/JobsPage'),
  prefetch: () => import('./jobs/jobs-store').then((m) => m.useJobs.getState().ensureLoaded()),
  commands: [
    {
      id: 'training-jobs:create',
      group: 'Training jobs',
      title: 'Training jobs: new training job',
      icon: <Add fontSize="small" />,
      shortcut: 'N',
      run: () => {
        navigate('/training/jobs');
        useIntents.getState().request('training-jobs:create');
      },
    },
  ],
};
