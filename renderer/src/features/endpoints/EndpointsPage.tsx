// The Endpoints area: /endpoints (the list) and /endpoints/<id> (one endpoint's health and configuration).
import { useHashPath } from '../../app/navigation/hash-router';
import { EndpointDetail } from './EndpointDetail';
import { EndpointList } from './EndpointList';

/** The endpoint id of `/endpoints/<id>`, or null on the list. */
export function endpointIdOf(path: string): string | null {
  const m = /^\/endpoints\/([^/]+)/.exec(path);
  return m ? decodeURIComponent(m[1]!) : null;
}

export default function EndpointsPage() {
  const id = endpointIdOf(useHashPath());
  return id ? <EndpointDetail key={id} id={id} /> : <EndpointList />;
}
