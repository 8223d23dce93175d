// The OS keychain keytar talks to on each platform, in words for the UI.
export function keychainLocation(platform: NodeJS.Platform = process.platform): string {
  if (platform === 'darwin') return 'macOS Keychain';
  if (platform === 'win32') return 'Windows Credential Manager';
  return 'Secret Service (GNOME Keyring / KWallet)';
}
