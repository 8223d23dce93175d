// The training jobs feature as the shell sees it.
import Add from '@mui/icons-material/Add';
import ModelTraining from '@mui/icons-material/ModelTraining';
import { navigate } from '../../../platform/navigation/hash-router';
import { useIntents } from '../../../platform/navigation/intents';
import type { Feature } from '../../feature';

export const feature: Feature = {
  id: 'training-jobs',
  area: 'training',
  path: '/training/jobs',
  label: 'Training jobs',
  description:
    'Fine-tuning jobs: live progress and loss, learning-rate and throughput charts, checkpoints, stop and resume, estimated cost',
  icon: <ModelTraining fontSize="small" />,
  page: () => import('./JobsPage'),
  prefetch: () => import('./jobs-store').then((m) => m.useJobs.getState().ensureLoaded()),
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
