// Names of vault entries. The built-in emulator profile uses the emulator's owner key;
// every other profile keeps its own key under `profile:<id>`.
export const EMULATOR_OWNER_KEY_ACCOUNT = 'emulator-owner-key';
/** The data key that encrypts the local emulator's secret values at rest (base64, 32 bytes). */
export const EMULATOR_SECRETS_KEY_ACCOUNT = 'emulator-secrets-key';

export function profileKeyAccount(profile: { id: string; builtIn: boolean }): string {
  return profile.builtIn ? EMULATOR_OWNER_KEY_ACCOUNT : `profile:${profile.id}`;
}
