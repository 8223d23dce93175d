// Model files downloaded in web mode and a new version added, against the emulator: the Files tab
// hands the browser a one-time address on the console's own server, the browser saves the zip
// (Playwright's download event), and the panel lists every file's verified checksum. The new
// version dialog refuses a version below the latest, shows the API's VERSION_EXISTS on the
// version field, and adds the version to the timeline.
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { openConsole } from './console-page';
import { advanceClock, bridgeCall, bridgeInvoke } from './lifecycle-page';

interface ModelRow {
  id: string;
  name: string;
}
interface ModelDetail extends ModelRow {
  version: string;
  files: Array<{ name: string; size: number; checksum: string }>;
}
interface JobRow {
  id: string;
  name: string;
  status: string;
  modelType: string;
}

/** The entry names of a zip, read from its local headers (STOREd entries, sizes in the headers). */
function zipNames(zip: Buffer): string[] {
  const names: string[] = [];
  let at = 0;
  while (zip.readUInt32LE(at) === 0x04034b50) {
    const nameLength = zip.readUInt16LE(at + 26);
    const extraLength = zip.readUInt16LE(at + 28);
    const size = zip.readUInt32LE(at + 22);
    names.push(zip.subarray(at + 30, at + 30 + nameLength).toString('utf8'));
    at += 30 + nameLength + extraLength + size;
  }
  return names;
}

test.describe('Model downloads and versions', () => {
  test.describe.configure({ timeout: 180_000 });

  test('download chosen files through the browser with their checksums verified, then add a version', async ({ page }) => {
    await openConsole(page);
    await bridgeInvoke(page, 'emulator:reset', {});
    const list = (await bridgeCall<{ models: ModelRow[] }>(page, 'training.models.list', { query: {} })).models;
    const seeded = list.find((m) => m.name === 'support-assistant-v1')!;
    const model = await bridgeCall<ModelDetail>(page, 'training.models.get', { params: { model_id: seeded.id } });

    await page.goto(`/#/models/${model.id}/files`);
    const files = page.getByTestId('model-files');
    await expect(files.getByTestId('model-files-selection')).toContainText(`${model.files.length} files`);
    // Every file is chosen at first; leave the tokenizer out.
    await files.getByRole('checkbox', { name: 'Download tokenizer.json' }).uncheck();
    await expect(files.getByTestId('model-files-selection')).toContainText(`${model.files.length - 1} of ${model.files.length} files`);
    // The model read again (as while a deployment starts) keeps the choice.
    const refresh = page.getByRole('button', { name: 'Refresh model' });
    await refresh.click();
    await expect(refresh).toBeEnabled();
    await expect(files.getByRole('checkbox', { name: 'Download tokenizer.json' })).not.toBeChecked();

    const saved = page.waitForEvent('download');
    await files.getByTestId('download-model-files').click();
    const download = await saved;
    expect(download.suggestedFilename()).toBe(`support-assistant-v1-${model.version}.zip`);
    const path = await download.path();
    const zip = await readFile(path);
    const chosen = model.files.filter((f) => f.name !== 'tokenizer.json');
    expect(zipNames(zip).sort()).toEqual(chosen.map((f) => f.name).sort());
    expect(zip.byteLength).toBeGreaterThan(chosen.reduce((n, f) => n + f.size, 0));

    const done = files.getByTestId('model-download-done');
    await expect(done).toContainText('The browser saved');
    await expect(done).toContainText('Every file matched its checksum');
    for (const f of chosen) await expect(done.getByTestId('model-download-verified')).toContainText(f.checksum);
    await expect(done.getByTestId('model-download-verified')).not.toContainText('tokenizer.json');
    // Web mode saves through the browser: there is no folder to show.
    await expect(done.getByTestId('show-model-download')).toHaveCount(0);
    await done.getByRole('button', { name: 'Close' }).click();
    await expect(done).toBeHidden();

    // Two more completed jobs of the model's type: the seeded pending and running ones, once the clock has passed.
    await advanceClock(page, 86_400);
    const jobs = (await bridgeCall<{ jobs: JobRow[] }>(page, 'training.jobs.list', { query: { status: 'completed' } })).jobs;
    const v2 = jobs.find((j) => j.name === 'support-assistant-v2')!;
    const mistral = jobs.find((j) => j.name === 'review-sentiment-mistral')!;
    expect(v2 && mistral, 'the seeded pending and running jobs completed').toBeTruthy();

    await page.goto(`/#/models/${model.id}/versions`);
    await page.getByTestId('new-version').click();
    const dialog = page.getByTestId('new-version-dialog');
    const version = dialog.getByTestId('new-version-version');
    await expect(version).toHaveValue('v1.1.0');
    await version.fill('v0.9.0');
    await dialog.getByRole('combobox', { name: 'Training job' }).click();
    await page.getByTestId(`new-version-job-${v2.id}`).click();
    await dialog.getByTestId('new-version-changelog').fill('More examples\nLower learning rate');
    await dialog.getByTestId('new-version-submit').click();
    await expect(dialog).toContainText('Must be above the latest version, v1.0.0');

    // Someone else adds v1.1.0 meanwhile: the API's VERSION_EXISTS lands on the version field.
    await bridgeCall(page, 'training.models.versions.create', {
      params: { model_id: model.id },
      body: { version: 'v1.1.0', trainingJobId: mistral.id },
    });
    await version.fill('v1.1.0');
    await dialog.getByTestId('new-version-submit').click();
    await expect(dialog).toContainText('v1.1.0 exists already; use a higher version');
    await version.fill('v1.2.0');
    await dialog.getByTestId('new-version-submit').click();
    await expect(dialog).toBeHidden();
    const latest = page.getByTestId('version-v1.2.0');
    await expect(latest).toContainText('Latest');
    await expect(latest).toContainText(v2.id);
    await expect(latest).toContainText('Lower learning rate');
    await expect(page.getByTestId('model-version')).toHaveText('v1.2.0');
  });
});
