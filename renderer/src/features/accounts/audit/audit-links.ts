// Where an audit event's member and resource open. Features do not import each other, so the
// console's addresses of a resource are written here as the features that own them spell them
// (clusters `/clusters/<id>`, endpoints `/endpoints/<id>`, …), chosen by the id's prefix — the
// emulator's ids carry their kind, whatever name an event gives the type (a share says
// `resource`). A member opens the audit log of that member (the page's user filter): the
// console has no member page yet.
import { pathWithParams } from '../../../platform/navigation/url-state';

/** Id prefixes and the path of the resource's page. */
const RESOURCE_PAGES: ReadonlyArray<[prefix: string, base: string]> = [
  ['cluster_', '/clusters'],
  ['ep_', '/endpoints'],
  ['job_', '/training/jobs'],
  ['ds_', '/training/datasets'],
  ['model_', '/models'],
  ['tmpl_', '/templates'],
  ['exp_', '/experiments'],
];

/** The console's page of a resource id; null for kinds with no page of their own (a key, a port, a tuning run). */
export function resourcePath(id: string): string | null {
  const page = RESOURCE_PAGES.find(([prefix]) => id.startsWith(prefix));
  return page ? `${page[1]}/${encodeURIComponent(id)}` : null;
}

export const AUDIT_PATH = '/audit';

/** The API keys list filtered to one key (its filter box matches ids). */
export const keyPath = (keyId: string) => pathWithParams('/api-keys', { q: keyId });
