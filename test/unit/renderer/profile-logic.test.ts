// The Profile page's pure logic (issue 20): the forms' rules are the API's own, in its words;
// an emptied field clears; the avatar's crop square stays whole, ≥ 100 px and inside the image.
import { describe, expect, it } from 'vitest';
import { avatarCrop, checkAvatarFile } from '../../../renderer/src/features/accounts/profile/avatar-rules';
import { validatePreferences, validateProfile } from '../../../renderer/src/features/accounts/profile/profile-form';

const form = { name: 'Ada', bio: '', location: '', website: '', social: '', code_host: '' };

describe('profile form', () => {
  it('sends every field, emptied optional ones as null', () => {
    expect(validateProfile({ ...form, website: ' https://ada.dev ' })).toEqual({
      ok: true,
      request: { name: 'Ada', bio: null, location: null, website: 'https://ada.dev', social: null, code_host: null },
    });
  });

  it.each([
    [{ name: ' ' }, 'name', 'At least 1 character (not only spaces)'],
    [{ bio: 'x'.repeat(501) }, 'bio', 'At most 500 characters'],
    [{ location: 'x'.repeat(101) }, 'location', 'At most 100 characters'],
    [{ website: 'example.com' }, 'website', 'A full http or https address, such as https://example.com'],
    [{ code_host: 'a--b' }, 'code_host', 'A username: letters, digits and single hyphens, not at either end'],
  ])('shows the rule of %j on its field', (patch, field, message) => {
    const r = validateProfile({ ...form, ...patch });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.errors[field]).toBe(message);
  });

  it('checks the time zone with the API rule', () => {
    const prefs = { timezone: 'Europe/Paris', language: 'en', theme: 'dark', emailNotifications: true, chatNotifications: false } as const;
    expect(validatePreferences(prefs).ok).toBe(true);
    const r = validatePreferences({ ...prefs, timezone: 'Paris' });
    expect(r.ok ? null : r.errors.timezone).toBe('An IANA time zone such as Europe/Paris or UTC');
  });
});

describe('avatar rules', () => {
  it('refuses a file over 5 MB or a side outside 100–2048 px, in the API’s words', () => {
    expect(checkAvatarFile({ file: { size: 1000 }, width: 400, height: 300 })).toBeNull();
    expect(checkAvatarFile({ file: { size: 6 * 1024 * 1024 }, width: 400, height: 300 })).toContain('at most 5 MB');
    expect(checkAvatarFile({ file: { size: 1000 }, width: 50, height: 300 })).toContain('100 to 2048 px');
  });

  it('rounds the crop to whole pixels, at least 100, inside the image', () => {
    expect(avatarCrop({ x: 10.4, y: 20.6, width: 150.2, height: 150.2 }, { width: 400, height: 300 })).toEqual({ x: 10, y: 21, size: 150 });
    expect(avatarCrop({ x: 0, y: 0, width: 40, height: 40 }, { width: 400, height: 300 })).toEqual({ x: 0, y: 0, size: 100 });
    expect(avatarCrop({ x: 350, y: 290, width: 120, height: 120 }, { width: 400, height: 300 })).toEqual({ x: 280, y: 180, size: 120 });
    expect(avatarCrop({ x: -2, y: 0, width: 301, height: 301 }, { width: 400, height: 300 })).toEqual({ x: 0, y: 0, size: 300 });
  });
});
