import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import {
  fieldErrors,
  formFields,
  isValidatorText,
  plainMessage,
  rangeAt,
  type Issue,
} from '../../../renderer/src/components/form/field-errors';
import { humanizePath, plainText, shownKey } from '../../../renderer/src/components/form/plain-words';

const schema = z.object({
  name: z.string().min(1, 'a name is required'),
  count: z.number().int(),
  ports: z.array(z.object({ port: z.number() })),
});
const issuesOf = (value: unknown, s: z.ZodType = schema): Issue[] => {
  const parsed = s.safeParse(value);
  if (parsed.success) throw new Error('expected issues');
  return parsed.error.issues;
};
const firstIssue = (s: z.ZodType, value: unknown) => issuesOf(value, s)[0]!;

describe('fieldErrors', () => {
  it('keys messages by dotted path, the first issue of a field winning, in plain words', () => {
    const refined = schema.superRefine((_, ctx) => ctx.addIssue({ code: 'custom', path: ['name'], message: 'second' }));
    const parsed = refined.safeParse({ name: '', count: 1, ports: [{ port: 'x' }] });
    expect(parsed.success).toBe(false);
    const errors = fieldErrors(parsed.error!.issues);
    expect(errors.name).toBe('A name is required');
    expect(errors['ports.0.port']).toBe('A whole number');
  });

  it('names an issue of the whole request "form"', () => {
    expect(fieldErrors(issuesOf(1, z.string()))).toEqual({ form: 'Required' });
  });

  it('lets the form rename fields, reword messages, drop issues and add to its own errors', () => {
    const into = { name: 'already there' };
    const errors = fieldErrors(
      issuesOf({ name: '', count: 'x', ports: [] }),
      (path, issue) => (path === 'count' ? ['howMany', plainMessage(issue)] : null),
      into,
    );
    expect(errors).toBe(into);
    expect(errors).toEqual({ name: 'already there', howMany: 'A whole number' });
  });
});

describe('plainMessage: the real rule in plain words, never validator text', () => {
  const cases: Array<[string, z.ZodType, unknown, string]> = [
    ['a long string', z.string().max(500), 'x'.repeat(501), 'At most 500 characters'],
    ['a short string', z.string().min(3), 'ab', 'At least 3 characters'],
    ['an empty required string', z.string().trim().min(1), '  ', 'Required'],
    ['a negative number', z.number().min(0), -1, '0 or more'],
    ['a number over its only bound', z.number().max(64), 65, 'At most 64'],
    ['a big bound, with thousands separators', z.number().max(1_000_000), 2_000_000, 'At most 1,000,000'],
    ['an exclusive bound', z.number().gt(0), 0, 'More than 0'],
    ['text in a number', z.number(), 'abc', 'A whole number'],
    ['a fraction in a whole number', z.number().int(), 1.5, 'A whole number'],
    ['too many entries', z.array(z.string()).max(2), ['a', 'b', 'c'], 'At most 2 entries'],
    ['an empty list', z.array(z.string()).min(1), [], 'Add at least one'],
    ['an enum', z.enum(['tcp', 'udp']), 'sctp', 'One of tcp, udp'],
    ['an IPv4 address', z.ipv4(), '999.1.1.1', 'Not a valid IPv4 address'],
    ['a pattern', z.string().regex(/^a+$/), 'b', 'Not in the right format'],
    [
      'a schema’s own words, capitalised',
      z.string().max(50, 'a tag is at most 50 characters'),
      'x'.repeat(51),
      'A tag is at most 50 characters',
    ],
  ];
  it.each(cases)('%s', (_, s, value, expected) => {
    const issue = firstIssue(s, value);
    const message = plainMessage(issue);
    expect(message).toBe(expected);
    expect(message).not.toMatch(/expected|Too (big|small)|<=|>=/);
  });

  it('gives both bounds when the schema has them ("1 to 64")', () => {
    const s = z.object({ gpu_count: z.number().int().min(1).max(64).optional() });
    const issue = firstIssue(s, { gpu_count: 65 });
    expect(rangeAt(s, issue.path)).toEqual({ min: 1, max: 64 });
    expect(plainMessage(issue, { range: rangeAt(s, issue.path) })).toBe('1 to 64');
    expect(plainMessage(firstIssue(s, { gpu_count: 0 }), { range: { min: 1, max: 64 } })).toBe('1 to 64');
  });

  it('names the field in a format message when told its label', () => {
    expect(plainMessage(firstIssue(z.string().regex(/^a$/), 'b'), { label: 'Host name' })).toBe('Not a valid host name');
  });

  it('tells zod’s text from a schema author’s', () => {
    expect(isValidatorText(firstIssue(z.string().max(2), 'abc'))).toBe(true);
    expect(isValidatorText(firstIssue(z.string().max(2, 'two at most'), 'abc'))).toBe(false);
  });
});

describe('plainText: a server reason in the same words', () => {
  it.each([
    ['Too big: expected string to have <=500 characters', 'At most 500 characters'],
    ['Too small: expected number to be >=0', '0 or more'],
    ['Too big: expected number to be <=1024', 'At most 1,024'],
    ['Invalid input: expected number, received string', 'A whole number'],
    ['Invalid option: expected one of "tcp"|"udp"', 'One of tcp, udp'],
    ['must be in the future', 'Must be in the future'],
  ])('%s → %s', (reason, expected) => expect(plainText(reason)).toBe(expected));
});

describe('a form’s fields', () => {
  const form = z.strictObject({
    name: z.string().max(10),
    tags: z.array(z.string().max(50)).max(20),
    update_configuration: z.strictObject({ memory_gb: z.number().int().min(1).max(2048) }).optional(),
  });

  it('lands an issue below a shown field (tags.3) on that field', () => {
    expect(shownKey('tags.3', ['name', 'tags'])).toBe('tags');
    expect(shownKey('tagsx', ['tags'])).toBeUndefined();
    const errors = fieldErrors(
      issuesOf({ name: 'a', tags: ['a', 'b', 'c', 'x'.repeat(60)] }, form),
      formFields({ schema: form, shown: ['name', 'tags'] }),
    );
    expect(errors).toEqual({ tags: 'At most 50 characters' });
  });

  it('puts an issue no field shows under "form", named by its label, never by its API name', () => {
    const toField = formFields({ schema: form, shown: ['name'], labels: { 'update_configuration.memory_gb': 'Memory (GB)' } });
    const errors = fieldErrors(issuesOf({ name: 'a', tags: [], update_configuration: { memory_gb: 4096 } }, form), toField);
    expect(errors).toEqual({ form: 'Memory (GB): 1 to 2,048' });
    const unlabelled = fieldErrors(
      issuesOf({ name: 'a', tags: [], update_configuration: { memory_gb: 0 } }, form),
      formFields({ shown: [] }),
    );
    expect(unlabelled.form).toBe('Memory: 1 or more');
    expect(unlabelled.form).not.toMatch(/memory_gb/);
  });

  it('humanizes API paths as the last resort', () => {
    expect(humanizePath('update_configuration.gpu_count')).toBe('GPU count');
    expect(humanizePath('access_control.ip_whitelist.2')).toBe('IP whitelist');
    expect(humanizePath('memory_gb')).toBe('Memory');
  });
});
