// The models feature as the shell sees it.
import ArchiveOutlined from '@mui/icons-material/ArchiveOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import HubOutlined from '@mui/icons-material/HubOutlined';
import RocketLaunchOutlined from '@mui/icons-material/RocketLaunchOutlined';
import { navigate, parseHash } from '../../../platform/navigation/hash-router';
import { useIntents, type Intent } from '../../../platform/navigation/intents';
import type { Feature, FeatureCommand } from '../../feature';
import { modelPath, parseModelRoute } from './model-routes';

export const feature: Feature = {
  id: 'models',
  area: 'training',
  path: '/models',
  label: 'Models',
  description: 'Model registry: versions timeline, metrics, files, deployments, compare, archive',
  icon: <HubOutlined fontSize="small" />,
  page: () => import('./ModelsPage'),
  prefetch: () => import('./models-store').then((m) => m.useModels.getState().ensureLoaded()),
  search: () => import('./search').then((m) => m.searchModels()),
  // Read when the palette opens: the commands are for the model that is open.
  get commands(): FeatureCommand[] {
    if (typeof window === 'undefined') return [];
    const { path, query } = parseHash(window.location.hash);
    const route = parseModelRoute(path, query);
    if (route.kind !== 'detail') return [];
    const on = (intent: Intent) => () => {
      navigate(modelPath(route.id, route.tab));
      useIntents.getState().request(intent);
    };
    return [
      {
        id: 'models:deploy',
        group: 'Models',
        title: 'Model: deploy',
        icon: <RocketLaunchOutlined fontSize="small" />,
        shortcut: 'D',
        run: on('models:deploy'),
      },
      {
        id: 'models:edit',
        group: 'Models',
        title: 'Model: edit',
        icon: <EditOutlined fontSize="small" />,
        shortcut: 'E',
        run: on('models:edit'),
      },
      {
        id: 'models:archive',
        group: 'Models',
        title: 'Model: archive',
        icon: <ArchiveOutlined fontSize="small" />,
        run: on('models:archive'),
      },
    ];
  },
};
