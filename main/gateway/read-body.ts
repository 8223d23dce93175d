// A response body as the gateway reads it: JSON when the server says so, text otherwise,
// null when empty, or "broken" when declared JSON does not parse.
export type BodyRead =
  | { ok: true; value: unknown; json: boolean }
  /** Declared JSON that does not parse. */
  | { ok: false };

export async function readBody(response: Response): Promise<BodyRead> {
  const text = await response.text();
  if (text === '') return { ok: true, value: null, json: false };
  const type = response.headers.get('content-type') ?? '';
  if (!/json/i.test(type)) return { ok: true, value: text, json: false };
  try {
    return { ok: true, value: JSON.parse(text) as unknown, json: true };
  } catch {
    return { ok: false };
  }
}
