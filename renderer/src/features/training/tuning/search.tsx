// What the command palette finds in the tuning area: every tuning job by id, algorithm, metric
// or the training job it tunes.
import TuneOutlined from '@mui/icons-material/TuneOutlined';
import { navigate } from '../../../platform/navigation/hash-router';
import type { SearchGroup } from '../../feature';
import { algorithmLabel } from './tuning-form';
import { tuningPath } from './tuning-route';
import { useTuning } from './tuning-store';

export async function searchTuning(): Promise<SearchGroup[]> {
  await useTuning.getState().ensureLoaded();
  return [
    {
      label: 'Tuning jobs',
      items: useTuning.getState().tuningJobs.map((t) => ({
        id: `tuning:${t.id}`,
        title: `${algorithmLabel(t.algorithm)} · ${t.objective} ${t.metric}`,
        keywords: [t.id, t.trainingJobId, t.status],
        icon: <TuneOutlined fontSize="small" />,
        run: () => navigate(tuningPath(t.trainingJobId, t.id)),
      })),
    },
  ];
}
