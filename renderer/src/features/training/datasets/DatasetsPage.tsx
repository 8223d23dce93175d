// The Datasets area: /training/datasets (the list) and /training/datasets/<id> (one dataset),
// with the upload dialog opened from either (N, the palette, the empty list).
import { useCallback, useState } from 'react';
import { navigate, useHashPath } from '../../../platform/navigation/hash-router';
import { useIntent } from '../../../platform/page-hooks';
import { CreateDatasetDialog } from './CreateDatasetDialog';
import { DatasetDetail } from './DatasetDetail';
import { DatasetList } from './DatasetList';

/** The dataset id of `/training/datasets/<id>`, or null on the list. */
export function datasetIdOf(path: string): string | null {
  const m = /^\/training\/datasets\/([^/]+)/.exec(path);
  return m ? decodeURIComponent(m[1]!) : null;
}

export default function DatasetsPage() {
  const id = datasetIdOf(useHashPath());
  const [creating, setCreating] = useState(false);
  const openCreate = useCallback(() => setCreating(true), []);
  useIntent('datasets:create', openCreate);
  return (
    <>
      {id ? <DatasetDetail key={id} id={id} /> : <DatasetList onCreate={openCreate} />}
      <CreateDatasetDialog
        open={creating}
        onClose={() => setCreating(false)}
        onUploaded={(datasetId) => navigate(`/training/datasets/${encodeURIComponent(datasetId)}`)}
      />
    </>
  );
}
