// A read made ahead of its page (platform/read-ahead.ts) is taken by the page's own call when it
// asks exactly the same, soon, in the same data generation, and only once; anything else calls anew.
import { describe, expect, it } from 'vitest';
import { setBridge } from '../../../renderer/src/bridge/index';
import { isCancelled } from '../../../renderer/src/bridge/errors';
import { nextDataGeneration } from '../../../renderer/src/platform/data-generation';
import { apiAhead, readAhead } from '../../../renderer/src/platform/read-ahead';
import type { ApiCallRequest } from '../../../shared/ipc/contract';

/** A bridge whose api:call answers are settled by hand, in call order. */
function fakeBridge() {
  const calls: ApiCallRequest[] = [];
  const answers: Array<(secrets: string[]) => void> = [];
  setBridge({
    mode: 'web',
    connection: { state: 'open', onStateChange: () => () => {} },
    subscribe: () => () => {},
    invoke: (channel: string, request: ApiCallRequest) => {
      if (channel !== 'api:call') return Promise.resolve(undefined);
      calls.push(request);
      return new Promise((resolve) =>
        answers.push((names) =>
          resolve({
            status: 200,
            rateLimit: null,
            data: { data: { secrets: names.map((name) => ({ name })), total_count: names.length } },
          }),
        ),
      );
    },
  } as never);
  return { calls, answers };
}

const input = (search?: string) => ({ params: { cluster_id: 'cluster_1' }, query: search ? { search } : {} });
const names = (r: { data: unknown }) => (r.data as { data: { secrets: { name: string }[] } }).data.secrets.map((s) => s.name);

describe('read ahead', () => {
  it('is taken by the call asking the same, in flight, once; a later call reads anew', async () => {
    const { calls, answers } = fakeBridge();
    readAhead('clusters.secrets.list', input());
    const taken = apiAhead('clusters.secrets.list', input());
    expect(calls).toHaveLength(1);
    answers[0]!(['A']);
    expect(names(await taken)).toEqual(['A']);
    const again = apiAhead('clusters.secrets.list', input());
    expect(calls).toHaveLength(2);
    answers[1]!(['A', 'B']);
    expect(names(await again)).toEqual(['A', 'B']);
  });

  it('is not taken by a call asking something else, nor after the data generation changed', async () => {
    const { calls, answers } = fakeBridge();
    readAhead('clusters.secrets.list', input());
    const other = apiAhead('clusters.secrets.list', input('db'));
    expect(calls).toHaveLength(2);
    expect(calls[1]!.input.query).toEqual({ search: 'db' });
    answers[0]!(['A']);
    answers[1]!(['DB_URL']);
    expect(names(await other)).toEqual(['DB_URL']);

    readAhead('clusters.secrets.list', input());
    nextDataGeneration(); // another profile or world: its answer is not this one's
    const fresh = apiAhead('clusters.secrets.list', input());
    expect(calls).toHaveLength(4);
    answers[2]!(['old']);
    answers[3]!(['new']);
    expect(names(await fresh)).toEqual(['new']);
  });

  it('a taker whose signal aborts is cancelled as api would be', async () => {
    const { calls, answers } = fakeBridge();
    readAhead('clusters.secrets.list', input());
    const controller = new AbortController();
    const taken = apiAhead('clusters.secrets.list', input(), { signal: controller.signal });
    controller.abort();
    await expect(taken).rejects.toSatisfy(isCancelled);
    expect(calls).toHaveLength(1);
    answers[0]!(['A']);
  });
});
