import { describe, expect, it } from 'vitest';
import type { KeytarApi } from '../../../main/vault/keytar-secret-store';
import { keychainLocation, keychainUnavailableMessage } from '../../../main/vault/keychain-location';
import { openSecretStore, statusOf } from '../../../main/vault/open-secret-store';
import { MemorySecretStore } from '../../../main/vault/memory-secret-store';

function fakeKeytar(): KeytarApi & { entries: Map<string, string> } {
  const entries = new Map<string, string>();
  return {
    entries,
    getPassword: async (service, account) => entries.get(`${service}/${account}`) ?? null,
    setPassword: async (service, account, password) => {
      entries.set(`${service}/${account}`, password);
    },
    deletePassword: async (service, account) => entries.delete(`${service}/${account}`),
  };
}

describe('openSecretStore', () => {
  it('uses the keychain when the probe round-trips, and leaves no probe entry behind', async () => {
    const keytar = fakeKeytar();
    const opened = await openSecretStore({ load: async () => ({ ok: true, keytar }), platform: 'darwin' });
    expect(opened.status).toEqual({ backend: 'keychain', persistent: true, location: 'macOS Keychain' });
    expect(keytar.entries.size).toBe(0);
    await opened.store.set('profile:x', 'secret');
    expect(keytar.entries.get('gpu-operator-console/profile:x')).toBe('secret');
  });

  it('falls back to memory with a plain reason when keytar cannot be loaded', async () => {
    const opened = await openSecretStore({
      load: async () => ({ ok: false, reason: 'the keytar module is not installed or could not be loaded' }),
      platform: 'linux',
    });
    expect(opened.status.backend).toBe('memory');
    expect(opened.status.persistent).toBe(false);
    expect(opened.status.reason).toBe(
      'No OS keychain: keys are kept for this session only — to keep them, install libsecret-1-0 and gnome-keyring (Debian/Ubuntu; libsecret and gnome-keyring on Fedora), then run `npm rebuild keytar` in the console’s folder.',
    );
    expect(opened.store).toBeInstanceOf(MemorySecretStore);
  });

  it('falls back to memory when the keychain refuses the probe', async () => {
    const keytar = { ...fakeKeytar(), setPassword: async () => Promise.reject(new Error('Cannot autolaunch D-Bus without X11 $DISPLAY')) };
    const opened = await openSecretStore({ load: async () => ({ ok: true, keytar }), platform: 'linux' });
    expect(opened.status.backend).toBe('memory');
    expect(opened.status.reason).toBe(
      'No OS keychain: keys are kept for this session only — to keep them, install libsecret-1-0 and gnome-keyring (Debian/Ubuntu; libsecret and gnome-keyring on Fedora) and start the console in a desktop session (where the keyring runs).',
    );
    // keytar's own words say what failed, not what to do: they stay out of the sentence.
    expect(opened.status.reason).not.toContain('D-Bus');
  });

  it('falls back to memory when the keychain never answers', async () => {
    const keytar = { ...fakeKeytar(), setPassword: () => new Promise<void>(() => {}) };
    const opened = await openSecretStore({ load: async () => ({ ok: true, keytar }), platform: 'win32', probeTimeoutMs: 20 });
    expect(opened.status.backend).toBe('memory');
    expect(opened.status.reason).toBe(
      'No OS keychain: keys are kept for this session only — to keep them, make sure Windows Credential Manager is running and restart the console.',
    );
  });

  it('falls back to memory when the keychain returns something else than was stored', async () => {
    const keytar = { ...fakeKeytar(), getPassword: async () => 'other' };
    const opened = await openSecretStore({ load: async () => ({ ok: true, keytar }), platform: 'linux' });
    expect(opened.status.backend).toBe('memory');
  });
});

describe('keychain wording', () => {
  it('names the keychain of each platform', () => {
    expect(keychainLocation('darwin')).toBe('macOS Keychain');
    expect(keychainLocation('win32')).toBe('Windows Credential Manager');
    expect(keychainLocation('linux')).toBe('Secret Service (GNOME Keyring / KWallet)');
  });

  it('is one sentence per platform and problem, saying that keys last this session and what to do', () => {
    for (const platform of ['linux', 'darwin', 'win32'] as const) {
      for (const problem of ['no-module', 'refused', 'no-answer'] as const) {
        const message = keychainUnavailableMessage(problem, platform);
        expect(message).toMatch(/^No OS keychain: keys are kept for this session only — to keep them, .+\.$/);
        // One sentence: no full stop before the end.
        expect(message.slice(0, -1)).not.toMatch(/\.\s/);
      }
    }
    expect(keychainUnavailableMessage('no-module', 'darwin')).toContain('npm rebuild keytar');
    expect(keychainUnavailableMessage('refused', 'darwin')).toContain('unlock the login keychain');
  });

  it('describes a store handed in by the caller', () => {
    const status = statusOf(new MemorySecretStore());
    expect(status.backend).toBe('memory');
    expect(status.persistent).toBe(false);
    expect(status.reason).toMatch(/never written to disk/);
  });
});
