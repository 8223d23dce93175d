// The OS keychain for real: keytar against a Secret Service. Run through
// `node scripts/with-secret-service.mjs npx vitest run --project keychain`, which provides
// a throwaway gnome-keyring in a private D-Bus session.
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createServices } from '../../main/services';
import { KeytarSecretStore, loadKeytar } from '../../main/vault/keytar-secret-store';
import { openSecretStore } from '../../main/vault/open-secret-store';

const TEST_SERVICE = 'gpu-operator-console-test';

async function keytarOrFail() {
  const loaded = await loadKeytar();
  if (!loaded.ok) throw new Error(`keytar is required for the keychain tests: ${loaded.reason}`);
  return loaded.keytar;
}

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
}

describe('keychain through keytar', () => {
  it('sets, gets and deletes an entry', async () => {
    const store = new KeytarSecretStore(await keytarOrFail(), { service: TEST_SERVICE });
    const account = `profile:test-${process.pid}`;
    await store.set(account, 'sk_test_keychain_value_1');
    expect(await store.get(account)).toBe('sk_test_keychain_value_1');
    await store.set(account, 'sk_test_keychain_value_2');
    expect(await store.get(account)).toBe('sk_test_keychain_value_2');
    expect(await store.delete(account)).toBe(true);
    expect(await store.get(account)).toBeNull();
    expect(await store.delete(account)).toBe(false);
  });

  it('is what openSecretStore chooses, with its location in words', async () => {
    const opened = await openSecretStore({ service: TEST_SERVICE });
    expect(opened.status.reason).toBeUndefined();
    expect(opened.status).toMatchObject({ backend: 'keychain', persistent: true });
    expect(opened.status.location).toBe(
      process.platform === 'darwin'
        ? 'macOS Keychain'
        : process.platform === 'win32'
          ? 'Windows Credential Manager'
          : 'Secret Service (GNOME Keyring / KWallet)',
    );
  });

  it.runIf(process.env.GPC_THROWAWAY_KEYRING === '1')(
    'keeps the emulator owner key and profile keys in the keychain, never in the data folder',
    async () => {
      const dataDir = await mkdtemp(join(tmpdir(), 'gpc-keychain-services-'));
      try {
        const services = await createServices({ mode: 'web', dataDir });
        expect(services.vaultStatus.backend).toBe('keychain');
        const ownerKey = services.emulator.ownerKey;
        const profile = await services.handlers['profiles:create']({
          name: 'Remote',
          baseUrl: 'https://api.example.com',
          apiKey: 'sk_live_keychain_profile_key',
        });
        await services.dispose();

        const keytar = await keytarOrFail();
        expect(await keytar.getPassword('gpu-operator-console', 'emulator-owner-key')).toBe(ownerKey);
        expect(await keytar.getPassword('gpu-operator-console', `profile:${profile.id}`)).toBe('sk_live_keychain_profile_key');
        // The emulator's secrets are sealed with a data key that lives in the keychain too.
        const secretsKey = await keytar.getPassword('gpu-operator-console', 'emulator-secrets-key');
        expect(Buffer.from(secretsKey ?? '', 'base64')).toHaveLength(32);
        const files = await filesUnder(dataDir);
        expect(files.some((f) => f.endsWith('secrets.key'))).toBe(false);
        for (const file of files) {
          const text = await readFile(file, 'utf8');
          expect(text).not.toContain(ownerKey);
          expect(text).not.toContain('sk_live_keychain_profile_key');
        }

        // The second start finds the same owner key.
        // The second start finds the same owner key, and the seeded secret values still open.
        const again = await createServices({ mode: 'web', dataDir });
        expect(again.emulator.ownerKey).toBe(ownerKey);
        const list = await again.handlers['api:call']({ op: 'clusters.list', input: {} });
        const clusterId = (list.data as { data: { clusters: Array<{ id: string }> } }).data.clusters[0]!.id;
        const secrets = await again.handlers['api:call']({
          op: 'clusters.secrets.list',
          input: { params: { cluster_id: clusterId }, query: { include_values: true } },
        });
        expect(
          (secrets.data as { data: { secrets: Array<{ value?: string }> } }).data.secrets.every((x) => typeof x.value === 'string'),
        ).toBe(true);
        await again.dispose();
      } finally {
        await rm(dataDir, { recursive: true, force: true });
      }
    },
  );
});
