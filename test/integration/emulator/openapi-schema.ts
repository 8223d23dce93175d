// Reading the emulator's published OpenAPI document in the tests that hold it against the spec
// documents (documented-fields: answers; documented-requests: requests): a schema as JSON,
// its `$ref` followed, and a union's members flattened.

export type Schema = Record<string, unknown> & {
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  enum?: unknown[];
  const?: unknown;
  type?: string | string[];
  pattern?: string;
  description?: string;
  $ref?: string;
};

/** The schema a `$ref` names (followed to at most 20 links), or the schema itself. */
export function resolve(root: Schema, s: Schema): Schema {
  let cur = s;
  for (let i = 0; i < 20 && cur.$ref; i++) {
    const path = cur.$ref.replace(/^#\//, '').split('/');
    let at: unknown = root;
    for (const p of path) at = (at as Record<string, unknown>)[p];
    cur = at as Schema;
  }
  return cur;
}

/** The schema and, for a union (nullable, anyOf, oneOf, allOf), every member at any depth. */
export function withParts(root: Schema, s: Schema): Schema[] {
  const r = resolve(root, s);
  const parts = r.anyOf ?? r.oneOf ?? r.allOf;
  if (parts) return [r, ...parts.flatMap((p) => withParts(root, p))];
  return [r];
}

/** The members of a schema that are not unions themselves: what a value may be. */
export const leaves = (root: Schema, s: Schema) => withParts(root, s).filter((v) => !v.anyOf && !v.oneOf && !v.allOf);
