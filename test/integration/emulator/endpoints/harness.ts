// An emulator over real HTTP (listen on port 0) for the endpoint-area tests, with helpers to
// find seeded endpoints and to move the simulated clock. The clock runs at a thousandth of real
// time, so only `advance` moves it noticeably and answers are exact.
import { createEmulator, type Emulator, type EmulatorOptions } from '../../../../main/emulator';
import { checkContract } from '../contract';
import { OWNER, bodyText, type Reply } from '../harness';

export const START = new Date('2026-06-01T12:00:00.000Z');

export interface EndpointTarget {
  url: string;
  emulator: Emulator;
  keys: Readonly<Record<string, string>>;
  call(
    method: string,
    path: string,
    options?: { key?: string | null; body?: unknown; raw?: string; headers?: Record<string, string> },
  ): Promise<Reply>;
  /** POST /_emulator/clock/advance; returns the new simulated now (ms). */
  advance(seconds: number): Promise<number>;
  /** The seeded endpoint of this name (llama3-70b-chat, whisper-transcribe, …). */
  endpoint(name: string): Promise<any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- wire JSON
  close(): Promise<void>;
}

export async function startEndpoints(options: EmulatorOptions = {}): Promise<EndpointTarget> {
  const emulator = createEmulator({ seed: 42, ownerKey: OWNER, rateLimits: 'report', startTime: START, speed: 0.001, ...options });
  const url = await emulator.listen(0);
  const call: EndpointTarget['call'] = async (method, path, o = {}) => {
    const headers: Record<string, string> = { ...o.headers };
    const key = o.key === undefined ? OWNER : o.key;
    if (key !== null) headers.authorization = `Bearer ${key}`;
    const body = o.raw ?? (o.body === undefined ? undefined : JSON.stringify(o.body));
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(url + path, { method, headers, body });
    // An event stream is read to its first frame, then cancelled.
    const text = await bodyText(res);
    let parsed: unknown = text;
    try {
      parsed = text === '' ? null : JSON.parse(text);
    } catch {
      // leave as text
    }
    const reply = { status: res.status, headers: res.headers, body: parsed };
    // Every reply is held to the operation table's contract.
    checkContract(method, url + path, reply);
    return reply;
  };
  return {
    url,
    emulator,
    keys: emulator.seededKeys,
    call,
    async advance(seconds) {
      const r = await call('POST', '/_emulator/clock/advance', { body: { seconds } });
      if (r.status !== 200) throw new Error(`clock advance failed: ${r.status}`);
      return Date.parse(r.body.now);
    },
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
