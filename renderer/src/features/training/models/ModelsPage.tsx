// The Models area: /models (registry), /models/compare?ids=… (comparison) and
// /models/<id>[/<tab>] (detail).
import { useSyncExternalStore } from 'react';
import { parseHash } from '../../../platform/navigation/hash-router';
import { ComparePage } from './ComparePage';
import { ModelDetail } from './ModelDetail';
import { ModelListView } from './ModelListView';
import { parseModelRoute } from './model-routes';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('hashchange', onChange);
  return () => window.removeEventListener('hashchange', onChange);
}
const currentHash = () => window.location.hash;

export default function ModelsPage() {
  const { path, query } = parseHash(useSyncExternalStore(subscribe, currentHash));
  const route = parseModelRoute(path, query);
  if (route.kind === 'compare') return <ComparePage ids={route.ids} />;
  if (route.kind === 'detail') return <ModelDetail id={route.id} tab={route.tab} />;
  return <ModelListView />;
}
