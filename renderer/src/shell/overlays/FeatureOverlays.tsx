// The features' overlays (feature.ts, `overlay`: the "Why?" of a refused call), over any page
// and window. Each is loaded the first time it is wanted, then stays mounted so its dialog can
// close with its transition and open again at once.
import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { useOpenedOnce } from '../../lib/use-opened-once';
import { features, type Feature } from '../../features/registry';

interface Overlay {
  id: string;
  useOpen(): boolean;
  Component: LazyExoticComponent<ComponentType>;
}

const overlays: Overlay[] = features
  .filter((f): f is Feature & { overlay: NonNullable<Feature['overlay']> } => f.overlay !== undefined)
  .map((f) => ({ id: f.id, useOpen: f.overlay.useOpen, Component: lazy(f.overlay.component) }));

function OverlayMount({ overlay }: { overlay: Overlay }) {
  const wanted = useOpenedOnce(overlay.useOpen());
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <overlay.Component />
    </Suspense>
  );
}

export function FeatureOverlays() {
  return (
    <>
      {overlays.map((o) => (
        <OverlayMount key={o.id} overlay={o} />
      ))}
    </>
  );
}
