// The OS keychain keytar talks to on each platform, and what to do when it cannot be used,
// in words for the UI and the command line.
export function keychainLocation(platform: NodeJS.Platform = process.platform): string {
  if (platform === 'darwin') return 'macOS Keychain';
  if (platform === 'win32') return 'Windows Credential Manager';
  return 'Secret Service (GNOME Keyring / KWallet)';
}

/** Why the keychain is not used: keytar (the native module) did not load, or the keychain refused or never answered the probe. */
export type KeychainProblem = 'no-module' | 'refused' | 'no-answer';

/**
 * One sentence, printed by `npm run serve` and shown by the status bar: that keys last only
 * this session, and what to install or do to keep them. keytar's own error text is left out
 * on purpose: it says what failed ("Cannot autolaunch D-Bus without X11 $DISPLAY"), not what
 * the user can do about it.
 */
export function keychainUnavailableMessage(problem: KeychainProblem, platform: NodeJS.Platform = process.platform): string {
  return `No OS keychain: keys are kept for this session only — to keep them, ${remedy(problem, platform)}.`;
}

function remedy(problem: KeychainProblem, platform: NodeJS.Platform): string {
  const rebuild = 'run `npm rebuild keytar` in the console’s folder';
  if (platform === 'darwin')
    return problem === 'no-module' ? rebuild : 'unlock the login keychain in Keychain Access and restart the console';
  if (platform === 'win32')
    return problem === 'no-module' ? rebuild : 'make sure Windows Credential Manager is running and restart the console';
  const packages = 'install libsecret-1-0 and gnome-keyring (Debian/Ubuntu; libsecret and gnome-keyring on Fedora)';
  return problem === 'no-module'
    ? `${packages}, then ${rebuild}`
    : `${packages} and start the console in a desktop session (where the keyring runs)`;
}
