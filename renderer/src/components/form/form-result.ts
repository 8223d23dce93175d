// What every form's validation gives: the request to send, or error messages keyed by field
// (a form key or a request path, e.g. `ports.0.internal_port`).
export type FieldErrors = Record<string, string>;

export type FormResult<R, E = FieldErrors> = { ok: true; request: R } | { ok: false; errors: E };
