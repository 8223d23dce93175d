// The Experiments area: the list, one experiment (runs, statistics, notes) and the comparison
// of its runs, by address (experiment-route.ts).
import { lazy, Suspense } from 'react';
import { useHashPath } from '../../../platform/navigation/hash-router';
import Skeleton from '@mui/material/Skeleton';
import { ExperimentDetail } from './ExperimentDetail';
import { ExperimentList } from './ExperimentList';
import { experimentRoute } from './experiment-route';

// The comparison's code (tables, charts) loads when a comparison is first opened.
const ComparePage = lazy(() => import('./compare/ComparePage'));

export default function ExperimentsPage() {
  const route = experimentRoute(useHashPath());
  if (route.view === 'list') return <ExperimentList />;
  if (route.view === 'detail') return <ExperimentDetail key={route.id} id={route.id} />;
  return (
    <Suspense fallback={<Skeleton variant="rounded" height={480} aria-label="Loading the comparison" />}>
      <ComparePage key={route.id} id={route.id} />
    </Suspense>
  );
}
