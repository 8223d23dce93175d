// One zod issue about a server's answer, in words an operator can act on ("apiKeys[0].name
// is missing"), naming the place in the body and what was found there.
import type { z } from 'zod';

type Issue = z.core.$ZodIssue;

/** `apiKeys[0].name`; the body itself when the path is empty. */
export function issuePath(path: readonly PropertyKey[]): string {
  let text = '';
  for (const key of path) text += typeof key === 'number' ? `[${key}]` : `${text ? '.' : ''}${String(key)}`;
  return text || 'the body';
}

function valueAt(body: unknown, path: readonly PropertyKey[]): unknown {
  let value = body;
  for (const key of path) {
    if (typeof value !== 'object' || value === null) return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

const EXPECTED: Record<string, string> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  boolean: 'true or false',
  object: 'an object',
  array: 'a list',
  null: 'null',
};

function shortJson(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 40 ? `${text.slice(0, 37)}…` : text;
}

function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'an object';
  if (typeof value === 'string') return `the text ${shortJson(value)}`;
  return shortJson(value);
}

export function describeIssue(issue: Issue, body: unknown): string {
  const where = issuePath(issue.path);
  const found = valueAt(body, issue.path);
  switch (issue.code) {
    case 'invalid_type':
      if (found === undefined) return `${where} is missing`;
      return `${where} should be ${EXPECTED[issue.expected] ?? issue.expected} but is ${describeValue(found)}`;
    case 'invalid_value':
      return `${where} is ${describeValue(found)}, not one of ${issue.values.map((v) => shortJson(v)).join(', ')}`;
    case 'invalid_format':
      return `${where} is ${describeValue(found)}, not a valid ${issue.format}`;
    case 'invalid_union':
      return `${where} is ${describeValue(found)}, which fits none of the accepted shapes`;
    case 'unrecognized_keys':
      return `${where} has fields this console does not know: ${issue.keys.join(', ')}`;
    default:
      return `${where}: ${issue.message}`;
  }
}
