import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { fieldErrors, wholeNumberMessage } from '../../../renderer/src/components/form/field-errors';

const schema = z.object({
  name: z.string().min(1, 'a name is required'),
  count: z.number().int(),
  ports: z.array(z.object({ port: z.number() })),
});
const issuesOf = (value: unknown) => {
  const parsed = schema.safeParse(value);
  if (parsed.success) throw new Error('expected issues');
  return parsed.error.issues;
};

describe('fieldErrors', () => {
  it('keys messages by dotted path, the first issue of a field winning', () => {
    const refined = schema.superRefine((_, ctx) => ctx.addIssue({ code: 'custom', path: ['name'], message: 'second' }));
    const parsed = refined.safeParse({ name: '', count: 1, ports: [{ port: 'x' }] });
    expect(parsed.success).toBe(false);
    const errors = fieldErrors(parsed.error!.issues);
    expect(errors.name).toBe('a name is required');
    expect(errors['ports.0.port']).toMatch(/expected number/);
  });

  it('names an issue of the whole request "form"', () => {
    const parsed = z.string().safeParse(1);
    expect(fieldErrors(parsed.error!.issues)).toEqual({ form: parsed.error!.issues[0]!.message });
  });

  it('lets the form rename fields, reword messages, drop issues and add to its own errors', () => {
    const into = { name: 'already there' };
    const errors = fieldErrors(
      issuesOf({ name: '', count: 'x', ports: [] }),
      (path, issue) => (path === 'count' ? ['howMany', wholeNumberMessage(issue)] : null),
      into,
    );
    expect(errors).toBe(into);
    expect(errors).toEqual({ name: 'already there', howMany: 'a whole number' });
  });
});

describe('wholeNumberMessage', () => {
  it('says "a whole number" for text typed into a number, and for a fraction only when asked', () => {
    const [text] = issuesOf({ name: 'a', count: 'x', ports: [] });
    const [fraction] = issuesOf({ name: 'a', count: 1.5, ports: [] });
    expect(wholeNumberMessage(text!)).toBe('a whole number');
    expect(wholeNumberMessage(fraction!)).toBe(fraction!.message);
    expect(wholeNumberMessage(fraction!, { fractions: true })).toBe('a whole number');
  });
});
