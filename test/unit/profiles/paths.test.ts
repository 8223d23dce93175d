import { describe, expect, it } from 'vitest';
import { defaultDataDir } from '../../../main/paths';

describe('defaultDataDir', () => {
  it('follows each platform convention', () => {
    expect(defaultDataDir({}, 'linux', '/home/ada')).toBe('/home/ada/.config/gpu-operator-console');
    expect(defaultDataDir({ XDG_CONFIG_HOME: '/xdg' }, 'linux', '/home/ada')).toBe('/xdg/gpu-operator-console');
    expect(defaultDataDir({}, 'darwin', '/Users/ada')).toBe('/Users/ada/Library/Application Support/GPU Operator Console');
    expect(defaultDataDir({ APPDATA: 'C:\\Users\\ada\\AppData\\Roaming' }, 'win32', 'C:\\Users\\ada')).toBe(
      'C:\\Users\\ada\\AppData\\Roaming\\GPU Operator Console',
    );
  });

  it('lets GPC_DATA_DIR override', () => {
    expect(defaultDataDir({ GPC_DATA_DIR: '/tmp/gpc' }, 'darwin', '/Users/ada')).toBe('/tmp/gpc');
  });
});
