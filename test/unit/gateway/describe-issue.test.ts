import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { describeIssue, issuePath } from '../../../main/gateway/describe-issue';

const Schema = z.object({
  items: z.array(
    z.object({ kind: z.enum(['a', 'b']), at: z.iso.datetime(), size: z.union([z.string(), z.number()]), count: z.number().int() }),
  ),
});

function firstIssue(body: unknown): string {
  const parsed = Schema.safeParse(body);
  if (parsed.success) throw new Error('expected an issue');
  return describeIssue(parsed.error.issues[0]!, body);
}

const item = { kind: 'a', at: '2026-01-01T00:00:00Z', size: 1, count: 2 };

describe('describeIssue', () => {
  it('names the place in the body the way code reads it', () => {
    expect(issuePath([])).toBe('the body');
    expect(issuePath(['items', 0, 'kind'])).toBe('items[0].kind');
  });

  it('says what was expected and what was found, in words', () => {
    expect(firstIssue([])).toBe('the body should be an object but is a list');
    expect(firstIssue({})).toBe('items is missing');
    expect(firstIssue({ items: [{ ...item, kind: 'c' }] })).toBe('items[0].kind is the text "c", not one of "a", "b"');
    expect(firstIssue({ items: [{ ...item, at: 'yesterday' }] })).toBe('items[0].at is the text "yesterday", not a valid datetime');
    expect(firstIssue({ items: [{ ...item, size: true }] })).toBe('items[0].size is true, which fits none of the accepted shapes');
    expect(firstIssue({ items: [{ ...item, count: 1.5 }] })).toBe('items[0].count should be a whole number but is 1.5');
  });
});
