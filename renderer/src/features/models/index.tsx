// The models feature as the shell sees it.
import ModelTraining from '@mui/icons-material/ModelTraining';
import type { Feature } from '../feature';

export const feature: Feature = {
  id: 'models',
  path: '/models',
  label: 'Models',
  description: 'Model registry: versions timeline, metrics, files and download, deployments, compare, archive',
  icon: <ModelTraining fontSize="small" />,
  page: () => import('./ModelsPage'),
  prefetch: () => import('./models-store').then((m) => m.useModels.getState().ensureLoaded()),
  search: () => import('./search').then((m) => m.searchModels()),
};
