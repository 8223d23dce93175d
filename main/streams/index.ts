// The live topics of the bridge on top of the gateway: `logs:tail` (the stream relay) and
// `metrics:live` (the shared metrics poller), both following the active profile.
import { LogEntry } from '../../shared/api/clusters/logs';
import { EndpointLogEntry } from '../../shared/api/endpoints/logs';
import type { TopicSources } from '../../shared/ipc/dispatch';
import type { Gateway } from '../gateway/index';
import { describeIssue } from '../gateway/describe-issue';
import type { ProfileStore } from '../profiles/index';
import { createLogRelay, type LogRelay, type RelayTiming, type TailParams } from './log-relay';
import { createMetricsLive, type MetricsLive } from './metrics-live';

export type { RelayTiming } from './log-relay';

export interface LiveTopicsOptions {
  gateway: Gateway;
  profiles: Pick<ProfileStore, 'active' | 'onChange'>;
  /** Test seams. */
  timing?: Partial<RelayTiming>;
  metricsIntervalMs?: number;
}

export interface LiveTopics {
  topics: Pick<TopicSources, 'logs:tail' | 'metrics:live'>;
  relay: LogRelay;
  metrics: MetricsLive;
  close(): void;
}

/**
 * The operation and input of a tail's stream route (the routes' own query names).
 * @internal Exported for its tests only.
 */
export function tailRequest(params: TailParams): { op: string; input: unknown } {
  const { source, filters, backlog, since } = params;
  if (source.kind === 'cluster') {
    const f = filters?.kind === 'cluster' ? filters : undefined;
    return {
      op: 'clusters.logs.stream',
      input: {
        params: { cluster_id: source.id },
        query: { limit: backlog, level: f?.level, log_type: f?.log_type, source: f?.source, start_time: since },
      },
    };
  }
  const f = filters?.kind === 'endpoint' ? filters : undefined;
  return {
    op: 'endpoints.logs',
    input: {
      params: { endpointId: source.id },
      query: { stream: 'true', limit: backlog, level: f?.level, source: f?.source, startTime: since },
    },
  };
}

export function createLiveTopics(options: LiveTopicsOptions): LiveTopics {
  const { gateway, profiles } = options;
  const relay = createLogRelay({
    activeProfileId: () => profiles.active().id,
    timing: options.timing,
    async open(params, lastEventId, signal) {
      const { op, input } = tailRequest(params);
      const trusted = profiles.active().kind === 'emulator';
      const stream = await gateway.stream(op, input, { lastEventId, signal });
      // Entries of a remote server are checked as `call` checks its bodies; the embedded emulator is trusted.
      const schema = params.source.kind === 'cluster' ? LogEntry : EndpointLogEntry;
      const check = trusted
        ? null
        : (entry: unknown) => {
            const parsed = schema.safeParse(entry);
            if (parsed.success) return null;
            const issue = parsed.error.issues[0];
            return issue ? `in an entry, ${describeIssue(issue, entry)}` : 'an entry does not match the documented one';
          };
      return { stream, check };
    },
  });
  const metrics = createMetricsLive({
    intervalMs: options.metricsIntervalMs,
    pace: (clusterId, preferredMs) => gateway.reserveReads('clusters', `metrics:${clusterId}`, 1, preferredMs),
    leave: (clusterId) => gateway.leaveReads(`metrics:${clusterId}`),
    async read(clusterId, signal) {
      const answer = await gateway.call(
        'clusters.metrics.get',
        { params: { cluster_id: clusterId }, query: { include_processes: true } },
        { signal },
      );
      const snapshot = (answer.data as { data: unknown }).data;
      return answer.serverTime === undefined ? { snapshot } : { snapshot, serverTime: answer.serverTime };
    },
  });
  let activeId = profiles.active().id;
  const stopWatching = profiles.onChange((state) => {
    if (state.activeId === activeId) return;
    activeId = state.activeId;
    relay.profileChanged(activeId);
    metrics.profileChanged();
  });
  return {
    topics: {
      'logs:tail': (params, emit, flow) => relay.subscribe(params, emit, flow),
      'metrics:live': (params, emit) => metrics.subscribe(params.clusterId, emit, params.intervalMs),
    },
    relay,
    metrics,
    close() {
      stopWatching();
      relay.close();
      metrics.close();
    },
  };
}
