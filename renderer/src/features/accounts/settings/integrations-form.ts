// The integrations section as a form: the code host (its token write-only, its user name
// read-only), container registries (rows, each token write-only and kept by its url), and
// monitoring (the metrics API key write-only; the dashboard's address and id).
import { UpdateIntegrationsRequest } from '../../../../../shared/api/accounts/settings';
import type { SectionFormSpec } from './section-form';
import type { Settings } from './settings-store';
import { KEEP, writeOnlyRequest, type WriteOnly } from './write-only';

type Integrations = Settings['integrations'];

export interface RegistryRow {
  id: number;
  url: string;
  username: string;
  /** The token as read for this row's registry (null for a new row or one without a token). */
  tokenRead: string | null;
  token: WriteOnly;
}

export interface TextRow {
  id: number;
  value: string;
}

export interface IntegrationsForm {
  codeHostEnabled: boolean;
  codeHostToken: WriteOnly;
  repositories: TextRow[];
  registryEnabled: boolean;
  registries: RegistryRow[];
  metricsEnabled: boolean;
  metricsKey: WriteOnly;
  dashboardEnabled: boolean;
  dashboardUrl: string;
  dashboardId: string;
}

let nextRowId = 1;
export const registryRow = (r?: Integrations['registry']['registries'][number]): RegistryRow => ({
  id: nextRowId++,
  url: r?.url ?? '',
  username: r?.username ?? '',
  tokenRead: r?.access_token ?? null,
  token: KEEP,
});
export const textRow = (value = ''): TextRow => ({ id: nextRowId++, value });

const orNull = (text: string) => (text.trim() === '' ? null : text.trim());
const ROW = /^(code_host\.repositories|registry\.registries)\.\d+(\.\w+)?$/;

export const integrationsSpec: SectionFormSpec<Integrations, IntegrationsForm, UpdateIntegrationsRequest> = {
  fromSection: (s) => ({
    codeHostEnabled: s.code_host.enabled,
    codeHostToken: KEEP,
    repositories: s.code_host.repositories.map((r) => textRow(r)),
    registryEnabled: s.registry.enabled,
    registries: s.registry.registries.map(registryRow),
    metricsEnabled: s.monitoring.metrics_service.enabled,
    metricsKey: KEEP,
    dashboardEnabled: s.monitoring.dashboard_service.enabled,
    dashboardUrl: s.monitoring.dashboard_service.url ?? '',
    dashboardId: s.monitoring.dashboard_service.dashboard_id ?? '',
  }),
  toRequest: (f, s) => ({
    code_host: {
      enabled: f.codeHostEnabled,
      access_token: writeOnlyRequest(s.code_host.access_token, f.codeHostToken),
      repositories: f.repositories.map((r) => r.value.trim()).filter((v) => v !== ''),
    },
    registry: {
      enabled: f.registryEnabled,
      // A kept token travels as REDACTED: the server keeps the one of the registry with that url.
      registries: f.registries.map((r) => ({
        url: r.url.trim(),
        username: orNull(r.username),
        access_token: writeOnlyRequest(r.tokenRead, r.token),
      })),
    },
    monitoring: {
      metrics_service: { enabled: f.metricsEnabled, api_key: writeOnlyRequest(s.monitoring.metrics_service.api_key, f.metricsKey) },
      dashboard_service: { enabled: f.dashboardEnabled, url: orNull(f.dashboardUrl), dashboard_id: orNull(f.dashboardId) },
    },
  }),
  schema: UpdateIntegrationsRequest,
  members: {
    'code_host.enabled': 'codeHostEnabled',
    'code_host.access_token': 'codeHostToken',
    'code_host.repositories': 'repositories',
    'registry.enabled': 'registryEnabled',
    'registry.registries': 'registries',
    'monitoring.metrics_service.enabled': 'metricsEnabled',
    'monitoring.metrics_service.api_key': 'metricsKey',
    'monitoring.dashboard_service.enabled': 'dashboardEnabled',
    'monitoring.dashboard_service.url': 'dashboardUrl',
    'monitoring.dashboard_service.dashboard_id': 'dashboardId',
  },
  memberOf: (key) => {
    if (!ROW.test(key)) return undefined;
    return key.startsWith('code_host') ? 'repositories' : 'registries';
  },
  ruleOf: (key) => (key === 'code_host.repositories' ? 'At most 100 repositories' : undefined),
};
