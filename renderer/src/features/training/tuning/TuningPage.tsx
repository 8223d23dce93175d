// The Tuning area: /tuning (the list, with the start dialog) and /tuning/<job>/<tune> (one tuning job).
import { useHashPath } from '../../../platform/navigation/hash-router';
import { TuningDetail } from './TuningDetail';
import { TuningList } from './TuningList';
import { tuningRoute } from './tuning-route';

export default function TuningPage() {
  const route = tuningRoute(useHashPath()) ?? { kind: 'list' };
  return route.kind === 'detail' ? <TuningDetail key={route.tuneId} jobId={route.jobId} tuneId={route.tuneId} /> : <TuningList />;
}
