// What a log tail asks the API for: each stream route's own query names, the linked moment as
// the start time, the server-side filters of its own kind only.
import { describe, expect, it } from 'vitest';
import { tailRequest } from '../../../main/streams/index';

describe('tailRequest', () => {
  it('asks a cluster stream for its backlog, filters and start time', () => {
    const since = '2026-11-25T09:00:00.000Z';
    expect(
      tailRequest({ source: { kind: 'cluster', id: 'cluster_abc' }, backlog: 200, since, filters: { kind: 'cluster', level: ['error'] } }),
    ).toEqual({
      op: 'clusters.logs.stream',
      input: {
        params: { cluster_id: 'cluster_abc' },
        query: { limit: 200, level: ['error'], log_type: undefined, source: undefined, start_time: since },
      },
    });
  });

  it("asks an endpoint's logs as a stream with its startTime, and ignores a cluster's filters", () => {
    const since = '2026-11-25T09:00:00.000Z';
    expect(
      tailRequest({ source: { kind: 'endpoint', id: 'ep_abc' }, backlog: 50, since, filters: { kind: 'cluster', level: ['error'] } }),
    ).toEqual({
      op: 'endpoints.logs',
      input: {
        params: { endpointId: 'ep_abc' },
        query: { stream: 'true', limit: 50, level: undefined, source: undefined, startTime: since },
      },
    });
  });
});
