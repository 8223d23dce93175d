// The events the platform pushes (01-accounts.md, Events): the document names two webhook event
// types (`endpoint.failed`, `cost.threshold_exceeded`) and leaves the complete list "not
// shown"; ours is below, each with the operation or simulated happening that emits it
// (docs/decisions.md, Events). The account webhook's `events` setting chooses among these.
export const EVENT_TYPES = [
  'endpoint.failed',
  'endpoint.recovered',
  'cost.threshold_exceeded',
  'cluster.started',
  'cluster.stopped',
  'cluster.failed',
  'training.job_completed',
  'training.job_failed',
  'security.access_denied',
  'security.api_key_created',
  'security.api_key_revoked',
  'security.settings_changed',
  'team.member_invited',
  'team.member_removed',
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

/** What emits each event type, in words (the console's event picker and the OpenAPI description show it). */
export const EVENT_SOURCES: Record<EventType, string> = {
  'endpoint.failed':
    'a healthy endpoint turns unhealthy: one of its workers fails on the simulated clock (an incident, about one a month per endpoint)',
  'endpoint.recovered': 'an endpoint serves healthy again after an incident (6 to 25 minutes later on the simulated clock)',
  'cost.threshold_exceeded': "the account's spending crosses a billing cost alert on the simulated clock",
  'cluster.started': 'a cluster comes up: a start or restart reaches running on the simulated clock',
  'cluster.stopped': 'a stop completes: the cluster reaches stopped on the simulated clock',
  'cluster.failed': 'a cluster enters the error state; none does on its own in this emulator yet, so POST /_emulator/events emits it',
  'training.job_completed': 'a training job reaches its last step on the simulated clock',
  'training.job_failed': 'a training job fails on the simulated clock (its loss diverges, or it runs out of memory)',
  'security.access_denied': 'a request is refused with 403 (the audit log records it too)',
  'security.api_key_created': 'an API key is created',
  'security.api_key_revoked': 'an API key is revoked (or rotated: the old value)',
  'security.settings_changed': 'the security settings section changes (settings update or import)',
  'team.member_invited': 'a member is invited',
  'team.member_removed': 'a member is removed',
};
