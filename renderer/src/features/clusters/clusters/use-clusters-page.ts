// Page-level behaviour of the clusters area that is not rendering: reload when the active
// profile changes.
import { useOnProfileSwitch } from '../../../platform/page-hooks';
import { useClusters } from './clusters-store';

/** Another profile may see other clusters: drop what is shown and read again. */
export function useClustersFollowProfile(): void {
  useOnProfileSwitch(() => {
    useClusters.getState().reset();
    void useClusters.getState().load();
  });
}
