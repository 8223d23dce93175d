// The Endpoints area: /endpoints (the list), /endpoints/<id> (one endpoint's health and configuration)
// and /endpoints/<id>/analytics (its log analytics).
import { useHashPath } from '../../platform/navigation/hash-router';
import { EndpointDetail, type EndpointTab } from './EndpointDetail';
import { EndpointList } from './EndpointList';

/** The endpoint id of `/endpoints/<id>[/analytics]` (null on the list) and the tab. */
export function endpointRoute(path: string): { id: string | null; tab: EndpointTab } {
  const m = /^\/endpoints\/([^/]+)(?:\/([^/]+))?/.exec(path);
  return { id: m ? decodeURIComponent(m[1]!) : null, tab: m?.[2] === 'analytics' ? 'analytics' : 'health' };
}

export default function EndpointsPage() {
  const { id, tab } = endpointRoute(useHashPath());
  return id ? <EndpointDetail key={id} id={id} tab={tab} /> : <EndpointList />;
}
