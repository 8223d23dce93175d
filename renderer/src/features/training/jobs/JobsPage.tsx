// The Training jobs area: /training/jobs (the list) and /training/jobs/<id> (one job, live),
// with the new-job form opened from the list (N, the palette, the empty list).
import { useCallback, useState } from 'react';
import { navigate, useHashPath } from '../../../platform/navigation/hash-router';
import { useIntent } from '../../../platform/page-hooks';
import { CreateJobDialog } from './CreateJobDialog';
import { JobDetail } from './JobDetail';
import { JobList } from './JobList';

/** The job id of `/training/jobs/<id>`, or null on the list. */
export function jobIdOf(path: string): string | null {
  const m = /^\/training\/jobs\/([^/]+)/.exec(path);
  return m ? decodeURIComponent(m[1]!) : null;
}

export default function JobsPage() {
  const id = jobIdOf(useHashPath());
  const [creating, setCreating] = useState(false);
  const openCreate = useCallback(() => setCreating(true), []);
  useIntent('training-jobs:create', openCreate);
  return (
    <>
      {id ? <JobDetail key={id} id={id} /> : <JobList onCreate={openCreate} />}
      <CreateJobDialog
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(jobId) => navigate(`/training/jobs/${encodeURIComponent(jobId)}`)}
      />
    </>
  );
}
