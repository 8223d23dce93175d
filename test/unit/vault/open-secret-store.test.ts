import { describe, expect, it } from 'vitest';
import type { KeytarApi } from '../../../main/vault/keytar-secret-store';
import { keychainLocation } from '../../../main/vault/keychain-location';
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
    });
    expect(opened.status.backend).toBe('memory');
    expect(opened.status.persistent).toBe(false);
    expect(opened.status.reason).toBe(
      'No OS keychain is available (the keytar module is not installed or could not be loaded): keys are kept for this session only and never written to disk.',
    );
    expect(opened.store).toBeInstanceOf(MemorySecretStore);
  });

  it('falls back to memory when the keychain refuses the probe', async () => {
    const keytar = { ...fakeKeytar(), setPassword: async () => Promise.reject(new Error('Cannot autolaunch D-Bus without X11 $DISPLAY')) };
    const opened = await openSecretStore({ load: async () => ({ ok: true, keytar }), platform: 'linux' });
    expect(opened.status.backend).toBe('memory');
    expect(opened.status.reason).toContain('Secret Service (GNOME Keyring / KWallet) refused a test entry');
    expect(opened.status.reason).toContain('Cannot autolaunch D-Bus');
  });

  it('falls back to memory when the keychain never answers', async () => {
    const keytar = { ...fakeKeytar(), setPassword: () => new Promise<void>(() => {}) };
    const opened = await openSecretStore({ load: async () => ({ ok: true, keytar }), platform: 'win32', probeTimeoutMs: 20 });
    expect(opened.status.backend).toBe('memory');
    expect(opened.status.reason).toContain('Windows Credential Manager did not answer');
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

  it('describes a store handed in by the caller', () => {
    const status = statusOf(new MemorySecretStore());
    expect(status.backend).toBe('memory');
    expect(status.persistent).toBe(false);
    expect(status.reason).toMatch(/never written to disk/);
  });
});
