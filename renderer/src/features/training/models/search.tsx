// What the command palette finds in the models area: every model by name, id or base model.
import ModelTraining from '@mui/icons-material/ModelTraining';
import { navigate } from '../../../platform/navigation/hash-router';
import type { SearchGroup } from '../../feature';
import { modelPath } from './model-routes';
import { useModels } from './models-store';

export async function searchModels(): Promise<SearchGroup[]> {
  await useModels.getState().ensureLoaded();
  const { models, total } = useModels.getState();
  return [
    {
      label: 'Models',
      note: total > models.length ? `the first ${models.length} of ${total}` : undefined,
      items: models.map((m) => ({
        id: `model:${m.id}`,
        title: m.name,
        keywords: [m.id, ...(m.baseModel ? [m.baseModel] : [])],
        icon: <ModelTraining fontSize="small" />,
        run: () => navigate(modelPath(m.id)),
      })),
    },
  ];
}
