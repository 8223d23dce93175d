// The dashboard's first reads, started when its code starts loading (the feature's prefetch), for
// the choices in the address: a chunk of its own, small beside the page's, so that the reads
// leave before the page's code (charts, tables) has arrived; and the charts' chunks with them.
import { parseHash } from '../../../platform/navigation/hash-router';
import { readParams } from '../../../platform/navigation/url-state';
import { URL_DEFAULTS, usageChoices } from './usage-params';
import { useUsage } from './usage-store';

export function prefetchUsage(): Promise<unknown> {
  // The charts' code (Chart.js) loads beside the page's, not after the figures it follows.
  void import('./Doughnut');
  void import('./MonthChart');
  return useUsage.getState().prefetch(usageChoices(readParams(parseHash(window.location.hash).query, URL_DEFAULTS)));
}
