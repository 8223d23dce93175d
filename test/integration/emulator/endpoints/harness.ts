// An emulator over real HTTP (listen on port 0) for the endpoint-area tests, with helpers to
// find seeded endpoints and to move the simulated clock. The clock runs at a thousandth of real
// time, so only `advance` moves it noticeably and answers are exact.
import { createEmulator, type Emulator, type EmulatorOptions } from '../../../../main/emulator';
import { advanceClock, makeCall, OWNER, type CallOptions, type Reply } from '../harness';

export const START = new Date('2026-06-01T12:00:00.000Z');

export interface EndpointTarget {
  url: string;
  emulator: Emulator;
  keys: Readonly<Record<string, string>>;
  call(method: string, path: string, options?: CallOptions): Promise<Reply>;
  /** POST /_emulator/clock/advance; returns the new simulated now (ms). */
  advance(seconds: number): Promise<number>;
  /** The seeded endpoint of this name (llama3-70b-chat, whisper-transcribe, …). */
  endpoint(name: string): Promise<any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- wire JSON
  close(): Promise<void>;
}

export async function startEndpoints(options: EmulatorOptions = {}): Promise<EndpointTarget> {
  const emulator = createEmulator({ seed: 42, ownerKey: OWNER, rateLimits: 'report', startTime: START, speed: 0.001, ...options });
  const url = await emulator.listen(0);
  const call = makeCall(fetch, url, OWNER);
  return {
    url,
    emulator,
    keys: emulator.seededKeys,
    call,
    advance: (seconds) => advanceClock(call, seconds),
    async endpoint(name) {
      const list = await call('GET', '/v2/endpoints');
      const found = list.body.endpoints.find((e: { name: string }) => e.name === name);
      if (!found) throw new Error(`no seeded endpoint ${name}`);
      return found;
    },
    close: () => emulator.close(),
  };
}

/** The account envelope's error, for concise assertions. */
export const errorOf = (r: Reply) => ({ status: r.status, code: r.body?.error as string | undefined, details: r.body?.details });
