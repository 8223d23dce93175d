// Issue 8 #18 at 1,440×900: list columns fit what they hold (dates, relative times, GPUs,
// headers; tag chips end in an ellipsis rather than being cut), GPUs are written one way, the
// clusters' "Open" stays in the app, the startup-script field scrolls, and the usage chart
// marks its partial last bucket.
import { expect, test, type Page } from '@playwright/test';
import { openClusters, openRunningCluster } from './clusters-page';
import { keyRow, openConsole } from './console-page';

/** Columns sized to their content: nothing in them may be cut. Name, description, URL and user-agent columns may. */
const FITTED = new Set([
  'status',
  'lastUsed',
  'usage',
  'expires',
  'gpu',
  'cost',
  'uptime',
  'lastAccessed',
  'category',
  'framework',
  'version',
  'deploys',
  'rating',
  'updated',
  'type',
  'expiry',
  'rotation',
  'mapping',
  'protocol',
  'health',
]);
/** Chip columns: a chip may shrink to an ellipsis, but the row of chips may not run past the cell. */
const CHIPS = new Set(['permissions', 'scopes', 'tags']);

/** Cells (and headers) of the table whose content is cut, as "column: text". */
async function cutCells(page: Page, table: string): Promise<string[]> {
  await expect(page.getByRole('table', { name: table }).getByRole('cell').first()).toBeVisible();
  return page.getByRole('table', { name: table }).evaluate(
    (root, [fitted, chips]) => {
      const cut = (el: Element) => el.scrollWidth > el.clientWidth && getComputedStyle(el).overflowX !== 'visible';
      const out: string[] = [];
      for (const header of Array.from(root.querySelectorAll('[role=columnheader]'))) {
        if ([header, ...Array.from(header.querySelectorAll('*'))].some(cut)) out.push(`header: ${header.textContent}`);
      }
      for (const cell of Array.from(root.querySelectorAll('[role=cell]'))) {
        const column = cell.getAttribute('data-column') ?? '';
        const inside = [cell, ...Array.from(cell.querySelectorAll('*'))];
        if (fitted.includes(column) && inside.some(cut)) out.push(`${column}: ${cell.textContent}`);
        if (chips.includes(column) && inside.filter((el) => !el.classList.contains('MuiChip-label')).some(cut))
          out.push(`${column}: ${cell.textContent}`);
      }
      return out;
    },
    [[...FITTED], [...CHIPS]] as const,
  );
}

test.describe('Lists at 1,440 px', () => {
  test('API keys, clusters, templates, secrets and ports cut no date, time, GPU, header or chip', async ({ page }) => {
    await openConsole(page);
    expect(await cutCells(page, 'API keys')).toEqual([]);

    await page.getByRole('link', { name: 'Clusters' }).click();
    expect(await cutCells(page, 'Clusters')).toEqual([]);

    await openRunningCluster(page);
    expect(await cutCells(page, 'Port mappings')).toEqual([]);
    await page.getByRole('tab', { name: 'Secrets' }).click();
    expect(await cutCells(page, 'Secrets')).toEqual([]);

    await page.getByRole('link', { name: 'Templates' }).click();
    await page.getByRole('button', { name: 'Table view' }).click();
    expect(await cutCells(page, 'Templates')).toEqual([]);
  });

  test('API keys: common names are not cut, and every column, actions included, fits without scrolling', async ({ page }) => {
    await openConsole(page);
    const table = page.getByRole('table', { name: 'API keys' });
    const name = keyRow(page, 'Dashboard (read-only)').locator('[data-column=name] p').first();
    await expect(name).toHaveText('Dashboard (read-only)');
    expect(await name.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    // The table's scroller has no horizontal overflow: the last action of a row is inside it.
    const overflow = await table.evaluate((root) => {
      let scroller: HTMLElement | null = root as HTMLElement;
      while (scroller && getComputedStyle(scroller).overflowX === 'visible') scroller = scroller.parentElement;
      return scroller ? scroller.scrollWidth - scroller.clientWidth : 0;
    });
    expect(overflow).toBe(0);
    const revoke = keyRow(page, 'Dashboard (read-only)').getByRole('button', { name: 'Revoke Dashboard (read-only)' });
    const [button, box] = await Promise.all([revoke.boundingBox(), table.boundingBox()]);
    expect(button!.x + button!.width).toBeLessThanOrEqual(box!.x + box!.width);
  });

  test('GPUs are written one way: count × vendor name, no API underscores', async ({ page }) => {
    await openClusters(page);
    const clusterGpus = await page.getByRole('table', { name: 'Clusters' }).locator('[data-column=gpu]').allTextContents();
    expect(clusterGpus.length).toBeGreaterThan(0);
    for (const text of clusterGpus) expect(text).toMatch(/^(\d+ × [A-Z0-9]+( [A-Z0-9]+)?|CPU only)$/);
    expect(clusterGpus).toContain('4 × A100 80GB');

    await page.getByRole('link', { name: 'Templates' }).click();
    await page.getByRole('button', { name: 'Table view' }).click();
    const templateGpus = await page.getByRole('table', { name: 'Templates' }).locator('[data-column=gpu]').allTextContents();
    expect(templateGpus.length).toBeGreaterThan(0);
    for (const text of templateGpus) expect(text).toMatch(/^(\d+ × [A-Z0-9]+( [A-Z0-9]+)?|CPU only)$/);
  });

  test("a cluster row's Open button uses an in-app icon and opens the cluster in the console", async ({ page }) => {
    await openClusters(page);
    const row = page.locator('[data-testid^="cluster-row-"]').first();
    const id = (await row.getAttribute('data-testid'))!.replace('cluster-row-', '');
    const open = row.getByRole('button', { name: /^Open / });
    await expect(open.getByTestId('open-in-app-icon')).toHaveCount(1);
    await open.click();
    await expect(page).toHaveURL(new RegExp(`#/clusters/${id}$`));
  });

  test('the startup-script field scrolls instead of growing with a long script', async ({ page }) => {
    await openConsole(page);
    await page.goto('/#/templates');
    await page.getByTestId('create-template-button').click();
    const field = page.getByRole('dialog', { name: 'New template' }).getByRole('textbox', { name: 'Startup script' });
    await field.fill(Array.from({ length: 80 }, (_, i) => `echo "step ${i + 1}"`).join('\n'));
    const size = await field.evaluate((el) => ({ height: el.clientHeight, content: el.scrollHeight }));
    expect(size.height).toBeLessThan(400);
    expect(size.content).toBeGreaterThan(size.height);
  });

  test('the usage chart says that its last bucket is partial, until when', async ({ page }) => {
    await openConsole(page);
    await keyRow(page, 'Owner key (emulator)').click();
    const drawer = page.getByTestId('usage-drawer');
    await drawer.getByRole('button', { name: 'Period 1d' }).click();
    await expect(drawer.getByTestId('usage-chart')).toBeVisible();
    await expect(drawer.getByTestId('chart-partial')).toHaveText(/^Dashed: the last bucket is partial, until \d{1,2}:\d{2}( [AP]M)?$/);
  });
});
