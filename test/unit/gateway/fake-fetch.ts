// A fetch stand-in that records every request and answers from a script, one entry per call.
interface RecordedRequest {
  method: string;
  url: string;
  authorization: string | null;
  body: string;
}

export type Answer = Response | Error | 'hang' | (() => Response | Promise<Response>);

export function fakeFetch(answers: Answer[]) {
  const calls: RecordedRequest[] = [];
  const fn = async (request: Request): Promise<Response> => {
    calls.push({
      method: request.method,
      url: request.url,
      authorization: request.headers.get('authorization'),
      body: await request.text(),
    });
    const answer = answers[Math.min(calls.length - 1, answers.length - 1)];
    if (answer === undefined) throw new Error('no scripted answer');
    if (answer === 'hang') return new Promise<Response>(() => {});
    if (answer instanceof Error) throw answer;
    if (typeof answer === 'function') return answer();
    return answer.clone();
  };
  return { fetch: fn, calls };
}

export const RATE_HEADERS = {
  'x-ratelimit-limit': '500',
  'x-ratelimit-remaining': '497',
  'x-ratelimit-reset': '1767225600',
  'x-ratelimit-window': '3600',
};

export function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...RATE_HEADERS, ...headers } });
}
