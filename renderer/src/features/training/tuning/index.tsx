// The tuning feature as the shell sees it: the list of tuning jobs, one tuning job's trials and
// charts, the start dialog (also reached from a training job: `#/tuning?start=<job id>`).
import PlayArrow from '@mui/icons-material/PlayArrow';
import RocketLaunchOutlined from '@mui/icons-material/RocketLaunchOutlined';
import StopCircleOutlined from '@mui/icons-material/StopCircleOutlined';
import TuneOutlined from '@mui/icons-material/TuneOutlined';
import { navigate, parseHash } from '../../../platform/navigation/hash-router';
import { useIntents } from '../../../platform/navigation/intents';
import type { Feature, FeatureCommand } from '../../feature';
import { tuningRoute } from './tuning-route';

export const feature: Feature = {
  id: 'tuning',
  area: 'training',
  path: '/tuning',
  label: 'Tuning',
  description: 'Hyperparameter tuning of training jobs: search spaces, trials, optimization history, parameter importance, deploy the best',
  icon: <TuneOutlined fontSize="small" />,
  page: () => import('./TuningPage'),
  prefetch: () => import('./tuning-store').then((m) => m.useTuning.getState().ensureLoaded()),
  search: () => import('./search').then((m) => m.searchTuning()),
  // Read when the palette opens: stop and deploy-best are for the tuning job that is open.
  get commands(): FeatureCommand[] {
    const start: FeatureCommand = {
      id: 'tuning:start',
      group: 'Tuning',
      title: 'Tuning: start a tuning job',
      icon: <PlayArrow fontSize="small" />,
      shortcut: 'N',
      run: () => {
        if (typeof window === 'undefined' || tuningRoute(parseHash(window.location.hash).path) === null) navigate('/tuning');
        useIntents.getState().request('tuning:start');
      },
    };
    if (typeof window === 'undefined') return [start];
    const route = tuningRoute(parseHash(window.location.hash).path);
    if (!route || route.kind !== 'detail') return [start];
    return [
      start,
      {
        id: 'tuning:stop',
        group: 'Tuning',
        title: 'Tuning job: stop',
        icon: <StopCircleOutlined fontSize="small" />,
        shortcut: 'S',
        run: () => useIntents.getState().request('tuning:stop'),
      },
      {
        id: 'tuning:deploy-best',
        group: 'Tuning',
        title: 'Tuning job: deploy the best trial',
        icon: <RocketLaunchOutlined fontSize="small" />,
        shortcut: 'D',
        run: () => useIntents.getState().request('tuning:deploy-best'),
      },
    ];
  },
};
