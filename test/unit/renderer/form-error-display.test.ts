import { describe, expect, it } from 'vitest';
import { shownErrors, type ErrorDisplay } from '../../../renderer/src/components/form/error-display';

const current = { name: 'a name is required', 'ip.0': 'not an address' };
const atSubmit = { name: 'too long' };
const state = (submitted: boolean, touched: string[] = []) => ({ current, atSubmit, submitted, touched: new Set(touched) });

describe('shownErrors', () => {
  it('after-submit: nothing before the first submit, then the current form’s errors', () => {
    expect(shownErrors('after-submit', state(false))).toEqual({});
    expect(shownErrors('after-submit', state(true))).toEqual(current);
  });

  it('at-submit: the errors the last submit found, not the current ones', () => {
    expect(shownErrors('at-submit', state(false))).toEqual({});
    expect(shownErrors('at-submit', state(true))).toEqual(atSubmit);
  });

  it('always: the current errors from the start', () => {
    expect(shownErrors('always', state(false))).toEqual(current);
  });

  it('a function decides per key from the touched fields and the submit', () => {
    const touchedOnly: ErrorDisplay = (key, { submitted, touched }) =>
      submitted || touched.has(key.startsWith('ip.') ? 'ipWhitelist' : key);
    expect(shownErrors(touchedOnly, state(false))).toEqual({});
    expect(shownErrors(touchedOnly, state(false, ['ipWhitelist']))).toEqual({ 'ip.0': 'not an address' });
    expect(shownErrors(touchedOnly, state(false, ['name']))).toEqual({ name: 'a name is required' });
    expect(shownErrors(touchedOnly, state(true))).toEqual(current);
  });
});
