// Settings as code in the console: the file read back (JSON or YAML, bounded, errors in words)
// into an import body, the file written (the same document as the server's YAML), and a plan
// turned into lines.
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { settingsYaml, type ExportSettingsResponse, type SettingsPlan } from '../../../shared/api/accounts/settings-io';
import { countsText, planLine, planText, valueText } from '../../../renderer/src/features/accounts/settings-code/plan-lines';
import {
  readSettingsFile,
  SETTINGS_FILE_MAX_BYTES,
  settingsFileName,
  settingsFileText,
} from '../../../renderer/src/features/accounts/settings-code/settings-file';

const doc: ExportSettingsResponse = {
  export: {
    timestamp: '2026-11-27T14:30:00.000Z',
    format: 'json',
    include_secrets: false,
    settings: {
      preferences: {
        timezone: 'UTC',
        language: 'en',
        theme: 'auto',
        date_format: 'YYYY/MM/DD',
        number_format: '1,234.56',
        default_region: 'us-east-1',
      },
    },
    metadata: { version: '1', account_id: 'acc_1', exported_by: 'usr_1' },
  },
};

describe('settings files', () => {
  it('writes JSON, or YAML that is the server’s text for the same document', () => {
    const json = settingsFileText(doc, 'json');
    expect(JSON.parse(json)).toEqual(doc);
    const yaml = settingsFileText(doc, 'yaml');
    expect(yaml).toBe(settingsYaml({ export: { ...doc.export, format: 'yaml' } }));
    expect(parse(yaml).export.settings).toEqual(doc.export.settings);
    expect(settingsFileName(doc.export.timestamp, 'yaml')).toMatch(/^settings-2026-11-2\d-\d{4}\.yaml$/);
  });

  it('reads an export back, in both formats, as the import body that holds it', () => {
    for (const format of ['json', 'yaml'] as const) {
      const read = readSettingsFile(`s.${format}`, settingsFileText(doc, format));
      expect(read.ok).toBe(true);
      expect(read.ok && (read.body.settings as ExportSettingsResponse).export.settings).toEqual(doc.export.settings);
    }
  });

  it('takes an object of sections, or an import body without its own validate_only/allow_lockout', () => {
    expect(readSettingsFile('s.yaml', 'preferences:\n  theme: dark\n')).toEqual({
      ok: true,
      body: { settings: { preferences: { theme: 'dark' } } },
    });
    const body = readSettingsFile('s.json', JSON.stringify({ settings: { billing: {} }, validate_only: false, allow_lockout: true }));
    expect(body).toEqual({ ok: true, body: { settings: { billing: {} } } });
  });

  it('refuses in words: too large, empty, not JSON, not YAML, not an object', () => {
    const tooLarge = readSettingsFile('s.yaml', 'a: 1', SETTINGS_FILE_MAX_BYTES + 1);
    expect(tooLarge).toEqual({ ok: false, error: expect.stringContaining('at most 1,024 KB') });
    expect(readSettingsFile('s.yaml', '  \n')).toEqual({ ok: false, error: 'The file is empty.' });
    expect(readSettingsFile('s.json', '{"a":')).toEqual({ ok: false, error: expect.stringContaining('not valid JSON') });
    expect(readSettingsFile('s.yaml', 'a: [1, 2')).toEqual({ ok: false, error: expect.stringContaining('not valid YAML') });
    expect(readSettingsFile('s.yaml', '- a\n- b\n')).toEqual({ ok: false, error: expect.stringContaining('holds no settings') });
    // An alias bomb is refused by the parser's bound, not expanded.
    const bomb = ['a: &a [x, x, x, x, x, x, x, x, x]', ...Array.from({ length: 60 }, (_, i) => `k${i}: *a`)].join('\n');
    expect(readSettingsFile('s.yaml', bomb).ok).toBe(false);
  });
});

describe('plan lines', () => {
  const plan: SettingsPlan = {
    sections: [
      {
        section: 'security',
        counts: { added: 1, changed: 1, removed: 1 },
        changes: [
          { path: 'security.api_access.ip_whitelist', kind: 'added', new: '203.0.113.0/24' },
          { path: 'security.audit.retention_days', kind: 'changed', old: 90, new: 30 },
          { path: 'security.api_access.ip_whitelist', kind: 'removed', old: '10.0.0.0/8' },
        ],
      },
      {
        section: 'notifications',
        counts: { added: 0, changed: 0, removed: 1 },
        changes: [{ path: 'notifications.webhook.secret', kind: 'removed', secret: true }],
      },
    ],
    counts: { added: 1, changed: 1, removed: 2 },
    risks: [{ code: 'webhook_secret_removed', severity: 'danger', path: 'notifications.webhook.secret', message: 'removed' }],
    your_address: '127.0.0.1',
  };

  it('writes + added, ~ changed old → new, - removed, and a secret without its values', () => {
    expect(plan.sections[0]!.changes.map(planLine).map((l) => `${l.sign} ${l.path} ${l.text}`)).toEqual([
      '+ security.api_access.ip_whitelist = "203.0.113.0/24"',
      '~ security.audit.retention_days 90 → 30',
      '- security.api_access.ip_whitelist (was "10.0.0.0/8")',
    ]);
    expect(planLine(plan.sections[1]!.changes[0]!).text).toBe('cleared (secret)');
    expect(planLine({ path: 'x', kind: 'changed', secret: true }).text).toBe('replaced (secret)');
  });

  it('counts and the whole text', () => {
    expect(countsText({ added: 2, changed: 0, removed: 1 })).toBe('+2 −1');
    expect(countsText({ added: 0, changed: 0, removed: 0 })).toBe('no changes');
    expect(valueText('x'.repeat(300)).length).toBe(120);
    const text = planText(plan);
    expect(text.split('\n')[0]).toBe('! DANGER notifications.webhook.secret: removed');
    expect(text).toContain('Plan: 1 to add, 1 to change, 2 to remove.');
  });
});
