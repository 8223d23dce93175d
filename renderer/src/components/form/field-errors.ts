// Zod issues to a form's error map: one message per field, the first issue of a field wins.
// Each form says which field a schema path belongs to and how the issue reads there; by default
// the field is the dotted path ('form' for the request as a whole). Messages speak the rule in
// plain words ("At most 500 characters", "1 to 64"): a schema's own wording is kept, zod's
// validator text ("Too big: expected string to have <=500 characters") never reaches a user.
import { z } from 'zod';
import type { ErrorMap } from './error-display';
import type { FieldErrors } from './form-result';
import { capitalize, humanizePath, labelled, number, shownKey, VALIDATOR_TEXT } from './plain-words';

export { labelled };

export type Issue = z.core.$ZodIssue;

/** [field, message] for an issue at a dotted schema path, or null to leave it out. */
export type IssueToField = (path: string, issue: Issue) => readonly [string, string] | null;

/** A form's user-facing names of its fields, by error key (or request path): never `memory_gb`. */
export type FieldLabels = Readonly<Record<string, string>>;

const asIs: IssueToField = (path, issue) => [path || 'form', plainMessage(issue)];

/** Adds the issues' messages to `into` (a fresh map by default) and returns it. */
export function fieldErrors<E extends ErrorMap = FieldErrors>(
  issues: readonly Issue[],
  toField: IssueToField = asIs,
  into: E = {} as E,
): E {
  const errors = into as Record<string, string | undefined>;
  for (const issue of issues) {
    const mapped = toField(issue.path.map(String).join('.'), issue);
    if (mapped) errors[mapped[0]] ??= mapped[1];
  }
  return into;
}

// --- plain words ---------------------------------------------------------------------------

function defaultText(issue: Issue): string | undefined {
  const out = z.config().localeError?.(issue as never);
  return typeof out === 'string' ? out : out?.message;
}

/**
 * Whether the message is zod's own text rather than words the schema's author chose.
 * @internal Exported for its tests only.
 */
export function isValidatorText(issue: Issue): boolean {
  return issue.message === defaultText(issue) || VALIDATOR_TEXT.test(issue.message);
}

/**
 * Both bounds of a number field, where the schema gives them (a too_big issue carries only the maximum).
 * @internal Exported for its tests only.
 */
export interface Range {
  min?: number;
  max?: number;
}

export interface MessageContext {
  /** The field's name, for the few messages that need it ("Not a valid host name"). */
  label?: string;
  range?: Range;
}

const FORMATS: Record<string, string> = {
  email: 'email address',
  url: 'URL',
  ipv4: 'IPv4 address',
  ipv6: 'IPv6 address',
  cidrv4: 'IPv4 range',
  cidrv6: 'IPv6 range',
  datetime: 'date and time',
  date: 'date',
  time: 'time',
  uuid: 'id',
};

const rangeText = (r: Range | undefined) =>
  r?.min !== undefined && r.max !== undefined ? `${number(r.min)} to ${number(r.max)}` : undefined;

/** The issue's rule in plain words: the schema's own message when it has one, else one built from the issue. */
export function plainMessage(issue: Issue, { label, range }: MessageContext = {}): string {
  if (issue.code === 'invalid_type' && (issue.expected === 'number' || issue.expected === 'int')) return 'A whole number';
  if (!isValidatorText(issue)) return capitalize(issue.message);
  switch (issue.code) {
    case 'invalid_type':
      return 'Required';
    case 'too_small': {
      const min = Number(issue.minimum);
      if (issue.origin === 'string') return min <= 1 ? 'Required' : `At least ${number(min)} characters`;
      if (issue.origin === 'array' || issue.origin === 'set') return min <= 1 ? 'Add at least one' : `At least ${number(min)} entries`;
      if (issue.origin === 'number' || issue.origin === 'int' || issue.origin === 'bigint')
        return rangeText(range) ?? (issue.inclusive ? `${number(min)} or more` : `More than ${number(min)}`);
      break;
    }
    case 'too_big': {
      const max = Number(issue.maximum);
      if (issue.origin === 'string') return `At most ${number(max)} characters`;
      if (issue.origin === 'array' || issue.origin === 'set') return `At most ${number(max)} entries`;
      if (issue.origin === 'number' || issue.origin === 'int' || issue.origin === 'bigint')
        return rangeText(range) ?? (issue.inclusive ? `At most ${number(max)}` : `Less than ${number(max)}`);
      break;
    }
    case 'invalid_format': {
      const what = FORMATS[issue.format];
      if (what) return `Not a valid ${what}`;
      return label ? `Not a valid ${label.toLowerCase()}` : 'Not in the right format';
    }
    case 'invalid_value': {
      const values = issue.values.map(String);
      return values.length <= 6 ? `One of ${values.join(', ')}` : 'Choose a value from the list';
    }
    case 'not_multiple_of':
      return `A multiple of ${number(Number(issue.divisor))}`;
    case 'unrecognized_keys':
      return `Not a field here: ${issue.keys.join(', ')}`;
    default:
      break;
  }
  return 'Not a valid value';
}

/**
 * A list entry over its length limit, naming the entry: with a dozen tags, "at most 50
 * characters" alone does not say which one. Null for other issues.
 */
export function longEntryMessage(entries: readonly string[], key: string, issue: Issue, noun = 'tag'): string | null {
  const m = /\.(\d+)$/.exec(key);
  const entry = m ? entries[Number(m[1])] : undefined;
  if (entry === undefined || issue.code !== 'too_big' || issue.origin !== 'string') return null;
  const shown = entry.length > 24 ? `${entry.slice(0, 24)}…` : entry;
  return `“${shown}” has ${entry.length} characters; a ${noun} has at most ${number(Number(issue.maximum))}`;
}

// --- the schema's bounds -------------------------------------------------------------------

interface Def {
  type?: string;
  innerType?: z.ZodType;
  in?: z.ZodType;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  valueType?: z.ZodType;
}
const defOf = (s: unknown): Def => (s as { _zod?: { def?: Def } } | undefined)?._zod?.def ?? {};
const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'readonly', 'catch', 'nonoptional', 'success']);

/** The schema at a path inside `root`, looking through optional, default, pipes, arrays and records. */
function schemaAt(root: z.ZodType, path: readonly PropertyKey[]): z.ZodType | undefined {
  let s: z.ZodType | undefined = root;
  const unwrap = () => {
    for (let i = 0; s && i < 10; i++) {
      const d = defOf(s);
      if (d.type && WRAPPERS.has(d.type)) s = d.innerType;
      else if (d.type === 'pipe') s = d.in;
      else break;
    }
  };
  for (const key of path) {
    unwrap();
    const d = defOf(s);
    if (d.type === 'object') s = d.shape?.[String(key)];
    else if (d.type === 'array') s = d.element;
    else if (d.type === 'record') s = d.valueType;
    else return undefined;
  }
  unwrap();
  return s;
}

const SAFE = Number.MAX_SAFE_INTEGER;
/**
 * The number range at a path, when the schema bounds it on both sides.
 * @internal Exported for its tests only.
 */
export function rangeAt(root: z.ZodType | undefined, path: readonly PropertyKey[]): Range | undefined {
  const s = root && schemaAt(root, path);
  if (!(s instanceof z.ZodNumber)) return undefined;
  const { minValue, maxValue } = s;
  return minValue !== null && maxValue !== null && Math.abs(minValue) < SAFE && Math.abs(maxValue) < SAFE
    ? { min: minValue, max: maxValue }
    : undefined;
}

// --- a form's mapping ----------------------------------------------------------------------

export interface FormFields {
  /** The schema the issues come from: gives "1 to 64" where an issue carries one bound. */
  schema?: z.ZodType;
  /** A request path to the form's error key (e.g. `external_port` → `externalPort`); by default the path. */
  rename?(path: string): string;
  /**
   * The error keys the form shows. An issue at a deeper path (`tags.3`) lands on the nearest
   * shown key above it (`tags`); one with no shown key goes to `form`, named by its label.
   * Without it every key is taken as shown.
   */
  shown?: readonly string[];
  labels?: FieldLabels;
  /** A form's own words for some issues; null falls back to the plain message. */
  reword?(key: string, issue: Issue): string | null;
}

/** An IssueToField from a form's description of its fields: plain words, on a field the form shows. */
export function formFields({ schema, rename = (p) => p, shown, labels = {}, reword }: FormFields): IssueToField {
  return (path, issue) => {
    const key = rename(path || 'form');
    const message = reword?.(key, issue) ?? plainMessage(issue, { label: labels[key], range: rangeAt(schema, issue.path) });
    const target = key === 'form' ? 'form' : shownKey(key, shown);
    if (target) return [target, message];
    return ['form', labelled(labels[key] ?? labels[path] ?? humanizePath(path), message)];
  };
}
