// YAML request bodies, for the operations that declare them (Operation.bodyMedia: a settings
// import, issue 20): read into the value a JSON body would be, with the JSON body's bounds
// (size by the body limit, nesting here) and no alias expansion bomb, then validated as JSON is.
import { parse } from 'yaml';
import { validationError, type ApiError } from './errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route takes a YAML body (its operation's bodyMedia names application/yaml): set in routes.ts, read by the parser. */
    yamlBody?: boolean;
  }
}

/** Aliases a YAML body may use: enough for a hand-written file, far too few to expand into gigabytes. */
const ALIASES_MAX = 50;

/** The deepest nesting of a value, counted without recursion; stops past `max`. */
function deeperThan(value: unknown, max: number): boolean {
  const stack: Array<[unknown, number]> = [[value, 0]];
  while (stack.length > 0) {
    const [v, depth] = stack.pop()!;
    if (v === null || typeof v !== 'object') continue;
    if (depth + 1 > max) return true;
    for (const child of Object.values(v as object)) stack.push([child, depth + 1]);
  }
  return false;
}

/** The value of a YAML text, or the 400 to answer. */
export function readYamlBody(text: string, depthMax: number): unknown {
  if (text.trim() === '') return undefined;
  let value: unknown;
  try {
    value = parse(text, { maxAliasCount: ALIASES_MAX, uniqueKeys: true, prettyErrors: false });
  } catch (e) {
    return yamlError((e as Error).message);
  }
  if (deeperThan(value, depthMax)) return validationError('body', `nested deeper than ${depthMax} levels`);
  return value;
}

const yamlError = (message: string): ApiError => validationError('body', `not valid YAML: ${message.split('\n')[0]!.slice(0, 200)}`);
