// Datasets as an ML engineer uses them: drop a JSON Lines file, watch it upload and be
// checked, read the validation report (a failing file shows its failing line numbers), send a
// file above the multipart threshold (generated here) and cancel a large upload midway.
import { createHash } from 'node:crypto';
import { createGzip } from 'node:zlib';
import { expect, test, type Page } from '@playwright/test';
import { parquetWriteBuffer } from 'hyparquet-writer';
import { pack as tarPack } from 'tar-stream';
import { MULTIPART_THRESHOLD_BYTES } from '../../../shared/ipc/dataset-uploads';
import { openConsole, uniqueName } from './console-page';
import { advanceClock, bridgeCall, bridgeInvoke } from './lifecycle-page';

const jsonl = (rows: unknown[]) => Buffer.from(rows.map((r) => JSON.stringify(r)).join('\n') + '\n');

async function openDatasets(page: Page): Promise<void> {
  await openConsole(page);
  await page.getByRole('link', { name: 'Datasets' }).first().click();
  await expect(page.getByRole('table', { name: 'Datasets' })).toBeVisible();
}

/** Drops a file on the dialog's drop zone as a drag from the desktop would. */
async function dropFile(page: Page, name: string, bytes: Buffer): Promise<void> {
  const transfer = await page.evaluateHandle(
    ({ name, data }) => {
      const dt = new DataTransfer();
      dt.items.add(new File([new Uint8Array(data)], name, { type: 'application/octet-stream' }));
      return dt;
    },
    { name, data: [...bytes] },
  );
  await page.getByTestId('dataset-drop-zone').dispatchEvent('drop', { dataTransfer: transfer });
}

async function datasetsNamed(page: Page, name: string): Promise<Array<{ id: string; status: string }>> {
  const body = await bridgeCall<{ datasets: Array<{ id: string; name: string; status: string }> }>(page, 'training.datasets.list', {
    query: { limit: 100 },
  });
  return body.datasets.filter((d) => d.name === name);
}

test.describe('Datasets', () => {
  test('a dropped jsonl file uploads, is checked, and shows its schema, statistics and version', async ({ page }) => {
    await openDatasets(page);
    await page.getByTestId('create-dataset').click();
    const dialog = page.getByRole('dialog', { name: 'Upload dataset' });
    const bytes = jsonl(
      Array.from({ length: 60 }, (_, i) => ({
        prompt: `How do I reset device ${i}?`,
        completion: 'Hold the button.',
        label: i % 3 ? 'howto' : 'faq',
      })),
    );
    await dropFile(page, 'support-faq.jsonl', bytes);
    await expect(dialog.getByTestId('dataset-file-name')).toHaveText('support-faq.jsonl');
    const name = uniqueName('faq');
    await dialog.getByTestId('dataset-name').fill(name);
    await dialog.getByTestId('dataset-required-fields').fill('prompt, completion');
    await dialog.getByTestId('submit-dataset').click();
    await expect(dialog).toBeHidden();
    const detail = page.getByTestId('dataset-detail');
    await expect(detail.getByRole('heading', { name })).toBeVisible();
    await expect(detail.getByTestId('dataset-detail-status')).toHaveText(/processing/i);
    await advanceClock(page, 60);
    await expect(detail.getByTestId('dataset-detail-status')).toHaveText(/ready/i, { timeout: 15_000 });
    await expect(detail.getByTestId('check-required_fields')).toContainText('Required fields');
    await expect(detail.getByTestId('dataset-validation')).toContainText('Passed');
    await expect(detail.getByTestId('dataset-schema')).toContainText('completion');
    await expect(detail.getByTestId('label-counts-label')).toContainText('howto');
    const checksum = `sha256:${createHash('sha256').update(bytes).digest('hex')}`;
    await expect(detail.getByTestId('dataset-versions')).toContainText(checksum);
  });

  test('a file failing validation shows the failing line numbers', async ({ page }) => {
    await openDatasets(page);
    await page.getByTestId('create-dataset').click();
    const dialog = page.getByRole('dialog', { name: 'Upload dataset' });
    // Lines 3 and 7 have no completion.
    const rows = Array.from({ length: 9 }, (_, i) => (i === 2 || i === 6 ? { prompt: `q${i}` } : { prompt: `q${i}`, completion: 'a' }));
    await dialog
      .getByTestId('dataset-file-input')
      .setInputFiles({ name: 'broken.jsonl', mimeType: 'application/octet-stream', buffer: jsonl(rows) });
    const name = uniqueName('broken');
    await dialog.getByTestId('dataset-name').fill(name);
    await dialog.getByTestId('dataset-required-fields').fill('prompt, completion');
    await dialog.getByTestId('submit-dataset').click();
    const detail = page.getByTestId('dataset-detail');
    await expect(detail.getByRole('heading', { name })).toBeVisible();
    await advanceClock(page, 60);
    await expect(detail.getByTestId('dataset-detail-status')).toHaveText(/error/i, { timeout: 15_000 });
    await expect(detail.getByTestId('dataset-error')).toContainText('failed validation');
    const lines = detail.getByTestId('failing-example');
    await expect(lines).toHaveCount(2);
    await expect(lines.nth(0)).toContainText('3');
    await expect(lines.nth(0)).toContainText('completion');
    await expect(lines.nth(1)).toContainText('7');
  });

  test('a tar.gz names the member and line that fail, and lists its members', async ({ page }) => {
    const pack = tarPack();
    const chunks: Buffer[] = [];
    const gz = pack.pipe(createGzip());
    gz.on('data', (c: Buffer) => chunks.push(c));
    const ended = new Promise((r) => gz.on('end', r));
    pack.entry({ name: 'shards/a.jsonl' }, '{"prompt":"a1","completion":"x"}\n{"prompt":"a2","completion":"y"}\n');
    pack.entry({ name: 'shards/b.jsonl' }, '{"prompt":"b1","completion":"x"}\n{"prompt":"b2","completion":"y"}\n{"prompt":"b3"}\n');
    pack.entry({ name: 'README.md' }, 'two shards\n');
    pack.finalize();
    await ended;
    await openDatasets(page);
    await page.getByTestId('create-dataset').click();
    const dialog = page.getByRole('dialog', { name: 'Upload dataset' });
    await dropFile(page, 'shards.tar.gz', Buffer.concat(chunks));
    await expect(dialog.getByLabel('Format')).toHaveText(/Tar archive/);
    await expect(dialog.getByTestId('dataset-name')).toHaveValue('shards');
    const name = uniqueName('shards');
    await dialog.getByTestId('dataset-name').fill(name);
    await dialog.getByTestId('dataset-required-fields').fill('prompt, completion');
    await dialog.getByTestId('submit-dataset').click();
    const detail = page.getByTestId('dataset-detail');
    await expect(detail.getByRole('heading', { name })).toBeVisible();
    await advanceClock(page, 60);
    await expect(detail.getByTestId('dataset-detail-status')).toHaveText(/error/i, { timeout: 15_000 });
    const failing = detail.getByTestId('failing-example');
    await expect(failing).toHaveCount(1);
    await expect(failing.first()).toContainText('shards/b.jsonl');
    await expect(failing.first()).toContainText('3');
    await expect(failing.first()).toContainText('completion');
    const members = detail.getByTestId('archive-member');
    await expect(members).toHaveCount(3);
    await expect(members.nth(1)).toContainText('shards/b.jsonl');
    await expect(members.nth(1)).toContainText('jsonl');
    await expect(members.nth(2)).toContainText('README.md');
  });

  test('a Parquet file is read with its declared schema and its layout', async ({ page }) => {
    const rows = 120;
    const bytes = Buffer.from(
      parquetWriteBuffer({
        columnData: [
          { name: 'question', data: Array.from({ length: rows }, (_, i) => `What is GPU ${i}?`), type: 'STRING', nullable: false },
          { name: 'answer', data: Array.from({ length: rows }, (_, i) => (i % 10 ? 'A processor.' : null)), type: 'STRING' },
          { name: 'label', data: Array.from({ length: rows }, (_, i) => (i % 2 ? 'hardware' : 'software')), type: 'STRING' },
        ],
      }),
    );
    await openDatasets(page);
    await page.getByTestId('create-dataset').click();
    const dialog = page.getByRole('dialog', { name: 'Upload dataset' });
    await dialog
      .getByTestId('dataset-file-input')
      .setInputFiles({ name: 'qa.parquet', mimeType: 'application/octet-stream', buffer: bytes });
    await expect(dialog.getByLabel('Format')).toHaveText(/Parquet/);
    const name = uniqueName('qa');
    await dialog.getByTestId('dataset-name').fill(name);
    await dialog.getByTestId('submit-dataset').click();
    const detail = page.getByTestId('dataset-detail');
    await expect(detail.getByRole('heading', { name })).toBeVisible();
    await advanceClock(page, 60);
    await expect(detail.getByTestId('dataset-detail-status')).toHaveText(/ready/i, { timeout: 15_000 });
    await expect(detail.getByTestId('dataset-schema')).toContainText('question');
    await expect(detail.getByTestId('label-counts-label')).toContainText('hardware');
    await expect(detail.getByTestId('parquet-layout')).toContainText('120');
  });

  test('a file above the multipart threshold uploads in parts with the right checksum', async ({ page }) => {
    await openDatasets(page);
    await page.getByTestId('create-dataset').click();
    const dialog = page.getByRole('dialog', { name: 'Upload dataset' });
    const line = `${JSON.stringify({ text: 'a training example '.repeat(10) })}\n`;
    const bytes = Buffer.from(line.repeat(Math.ceil((MULTIPART_THRESHOLD_BYTES + 2 * 1024 * 1024) / line.length)));
    expect(bytes.length).toBeGreaterThan(MULTIPART_THRESHOLD_BYTES);
    await dialog
      .getByTestId('dataset-file-input')
      .setInputFiles({ name: 'large.jsonl', mimeType: 'application/octet-stream', buffer: bytes });
    const name = uniqueName('large');
    await dialog.getByTestId('dataset-name').fill(name);
    await dialog.getByTestId('submit-dataset').click();
    const detail = page.getByTestId('dataset-detail');
    await expect(detail.getByRole('heading', { name })).toBeVisible({ timeout: 30_000 });
    const checksum = `sha256:${createHash('sha256').update(bytes).digest('hex')}`;
    await expect(detail.getByTestId('dataset-versions')).toContainText(checksum);
    await advanceClock(page, 120);
    await expect(detail.getByTestId('dataset-detail-status')).toHaveText(/ready/i, { timeout: 15_000 });
  });

  test('cancelling a large upload midway aborts it and deletes its dataset', async ({ page }) => {
    await openDatasets(page);
    await page.getByTestId('create-dataset').click();
    const dialog = page.getByRole('dialog', { name: 'Upload dataset' });
    // 96 MiB made in the page (too large to pass in from the test): 12 parts of 8 MiB.
    await page.getByTestId('dataset-file-input').evaluate((input: HTMLInputElement) => {
      const dt = new DataTransfer();
      dt.items.add(new File([new Uint8Array(96 * 1024 * 1024).fill(0x61)], 'huge.jsonl'));
      input.files = dt.files;
      input.dispatchEvent(new Event('change', { bubbles: true }));
    });
    const name = uniqueName('huge');
    await dialog.getByTestId('dataset-name').fill(name);
    await dialog.getByTestId('submit-dataset').click();
    const progress = dialog.getByTestId('dataset-upload-progress');
    await expect(progress).toContainText(/multipart upload · part \d+ of 12/);
    await dialog.getByTestId('cancel-upload').click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText(`Upload of “${name}” cancelled`)).toBeVisible();
    await expect.poll(() => datasetsNamed(page, name)).toEqual([]);
  });

  test('a processing dataset says when its checks end, never “ready”; a seeded upload can be cancelled, or it expires', async ({
    page,
  }) => {
    await openConsole(page);
    await bridgeInvoke(page, 'emulator:reset', {});
    const [processing] = await datasetsNamed(page, 'product-catalog-2026');
    const [waiting] = await datasetsNamed(page, 'code-instructions');
    expect(processing?.status).toBe('processing');
    expect(waiting?.status).toBe('uploading');

    await page.goto(`/#/training/datasets/${processing!.id}`);
    const checking = page.getByTestId('dataset-processing');
    await expect(checking).toContainText(/the checks should end in \d+ minutes \(at .+\)/);
    await expect(checking).not.toContainText(/ready/i);

    // Left alone, the upload expires at the time it says: the dataset turns to error.
    await page.goto(`/#/training/datasets/${waiting!.id}`);
    await expect(page.getByTestId('dataset-uploading')).toContainText(/The upload expires in 2 hours \(at .+\)/);
    await advanceClock(page, 2 * 3600);
    await page.getByRole('button', { name: 'Refresh dataset' }).click();
    await expect(page.getByTestId('dataset-detail-status')).toHaveText('error');
    await expect(page.getByTestId('dataset-error')).toContainText('The upload expired before a file arrived');
    await expect(page.getByTestId('dataset-error')).toContainText(/No file arrived before the upload expired at .+\. Delete this dataset/);

    // A fresh world: cancel it instead, after a confirmation.
    await bridgeInvoke(page, 'emulator:reset', {});
    const [again] = await datasetsNamed(page, 'code-instructions');
    await page.goto(`/#/training/datasets/${again!.id}`);
    await page.getByRole('button', { name: 'Refresh dataset' }).click();
    await expect(page.getByTestId('dataset-detail-status')).toHaveText('uploading');
    await page.getByTestId('cancel-pending-upload').click();
    const confirm = page.getByRole('dialog', { name: 'Cancel the upload of “code-instructions”?' });
    await expect(confirm).toContainText('The dataset is deleted and its upload address stops working');
    await confirm.getByRole('button', { name: 'Cancel upload', exact: true }).click();
    await expect(page.getByText('Upload cancelled: dataset “code-instructions” deleted')).toBeVisible();
    await expect(page.getByRole('table', { name: 'Datasets' })).toBeVisible();
    await expect.poll(() => datasetsNamed(page, 'code-instructions')).toEqual([]);
  });
});
