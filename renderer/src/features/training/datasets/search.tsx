// The datasets the palette finds: the list as loaded (loading it first if need be).
import DatasetOutlined from '@mui/icons-material/DatasetOutlined';
import { navigate } from '../../../platform/navigation/hash-router';
import type { SearchGroup } from '../../feature';
import { useDatasets } from './datasets-store';

export async function searchDatasets(): Promise<SearchGroup[]> {
  await useDatasets.getState().ensureLoaded();
  const { datasets, total } = useDatasets.getState();
  return [
    {
      label: 'Datasets',
      note: total > datasets.length ? `the newest ${datasets.length} of ${total}` : undefined,
      items: datasets.map((d) => ({
        id: `dataset:${d.id}`,
        title: d.name,
        keywords: [d.id, d.format, d.status],
        icon: <DatasetOutlined fontSize="small" />,
        run: () => navigate(`/training/datasets/${encodeURIComponent(d.id)}`),
      })),
    },
  ];
}
