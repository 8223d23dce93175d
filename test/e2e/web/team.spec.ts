// The Team page as an admin lives it: invite two people in one dialog and cancel one
// (confirmed), the other pending with its expiry; a role changed in place; a bulk action with
// a result per member; a member's detail with activity and resources, and the removal's
// confirmation naming what they would lose. The run's server is shared: every flow invites
// its own people, under unique addresses.
import { expect, test, type Page } from '@playwright/test';
import { openConsole } from './console-page';

const unique = (label: string) => `${label}-${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;

function memberRow(page: Page, text: string) {
  return page.getByRole('row').filter({ has: page.getByText(text, { exact: true }) });
}

async function openTeam(page: Page) {
  await openConsole(page);
  await page.goto('/#/team');
  await expect(page.getByRole('table', { name: 'Team members' })).toBeVisible();
  await expect(page.getByTestId('invite-button')).toBeEnabled();
}

/** Sends one dialog's invitations: the addresses typed together spread over rows, each given `role`. */
async function invite(page: Page, emails: string[], role: string) {
  await page.getByTestId('invite-button').click();
  const dialog = page.getByRole('dialog', { name: 'Invite team members' });
  await dialog.getByRole('textbox', { name: 'Email address 1' }).fill(emails.join(', '));
  for (let i = 0; i < emails.length; i++) {
    await expect(dialog.getByRole('textbox', { name: `Email address ${i + 1}` })).toHaveValue(emails[i]!);
    await dialog.getByRole('combobox', { name: 'Role', exact: true }).nth(i).click();
    await page.getByRole('option', { name: role, exact: true }).click();
  }
  await dialog.getByRole('button', { name: emails.length > 1 ? `Send ${emails.length} invitations` : 'Send invitation' }).click();
  await expect(dialog).toBeHidden();
}

test.describe('Team', () => {
  test('invite two in one dialog, cancel one (confirmed), the other pending with its expiry', async ({ page }) => {
    await openTeam(page);
    const tag = unique('e2e-inv');
    const [first, second] = [`${tag}-a@example.com`, `${tag}-b@example.com`];

    // A malformed address is refused on that address, before anything is sent.
    await page.getByTestId('invite-button').click();
    const dialog = page.getByRole('dialog', { name: 'Invite team members' });
    await dialog.getByRole('textbox', { name: 'Email address 1' }).fill(`${first} not-an-address`);
    await dialog.getByRole('button', { name: 'Send 2 invitations' }).click();
    await expect(dialog.getByText(/^Not an email address/)).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Email address 2' }).fill(second);
    await dialog.getByRole('combobox', { name: 'Role', exact: true }).nth(1).click();
    await page.getByRole('option', { name: 'Viewer', exact: true }).click();
    await dialog.getByRole('button', { name: 'Send 2 invitations' }).click();
    await expect(dialog).toBeHidden();

    await page.getByRole('textbox', { name: 'Filter members' }).fill(tag);
    await expect(page.getByRole('row')).toHaveCount(3);
    await expect(memberRow(page, second).getByRole('button', { name: `Role of ${second}: Viewer` })).toBeVisible();

    // Inviting an address already invited is said on that address.
    await page.getByTestId('invite-button').click();
    await dialog.getByRole('textbox', { name: 'Email address 1' }).fill(first);
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await expect(dialog.getByText('Already invited as Developer')).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    // Cancel the first: confirmed, then it leaves the list.
    await memberRow(page, first)
      .getByRole('button', { name: `Cancel invitation to ${first}` })
      .click();
    const confirm = page.getByRole('dialog', { name: `Cancel the invitation to ${first}?` });
    await expect(confirm).toContainText('The invitation link stops working at once');
    await confirm.getByRole('button', { name: 'Cancel invitation' }).click();
    await expect(confirm).toBeHidden();
    await expect(memberRow(page, first)).toHaveCount(0);

    // The other is pending, with its expiry (7 days by default), still after a fresh read.
    await page.getByRole('button', { name: 'Refresh members' }).click();
    const pending = memberRow(page, second);
    await expect(pending.getByTestId('member-state')).toHaveText('Invited');
    await expect(pending.getByTestId('invitation-expiry')).toHaveText(/^Expires in (7|6) days$/);
    await expect(memberRow(page, first)).toHaveCount(0);

    // The status filter finds it among the pending; its link, handed out when sent, is there to copy.
    await page.getByTestId('team-status-filter').click();
    await page.getByRole('option', { name: 'Invited', exact: true }).click();
    await expect(pending).toBeVisible();
    await expect(pending.getByRole('button', { name: `Copy invitation link for ${second}` })).toBeVisible();
  });

  test('a role changed in place', async ({ page }) => {
    await openTeam(page);
    const email = `${unique('e2e-role')}@example.com`;
    await invite(page, [email], 'Viewer');
    await page.getByRole('textbox', { name: 'Filter members' }).fill(email);
    const row = memberRow(page, email);
    await row.getByRole('button', { name: `Role of ${email}: Viewer` }).click();
    await page.getByRole('option', { name: 'Admin', exact: true }).click();
    await expect(page.getByText(`${email} is now Admin`)).toBeVisible();
    // The server's answer, read again.
    await page.getByRole('button', { name: 'Refresh members' }).click();
    await expect(row.getByRole('button', { name: `Role of ${email}: Admin` })).toBeVisible();
    // The owner's role is not offered for change.
    await page.getByRole('textbox', { name: 'Filter members' }).fill('');
    await page.getByTestId('team-role-filter').click();
    await page.getByRole('option', { name: 'Owner', exact: true }).click();
    await expect(page.getByRole('row').nth(1).getByTestId('member-role')).toHaveText('Owner');
    await expect(page.getByRole('row').nth(1).getByRole('checkbox')).toBeDisabled();
  });

  test('a bulk action over the filtered selection shows a result per member', async ({ page }) => {
    await openTeam(page);
    const tag = unique('e2e-bulk');
    const emails = [`${tag}-a@example.com`, `${tag}-b@example.com`];
    await invite(page, emails, 'Developer');

    await page.getByRole('textbox', { name: 'Filter members' }).fill(tag);
    await expect(page.getByRole('row')).toHaveCount(3);
    await page.getByText('Select all shown').click();
    await expect(page.getByTestId('bulk-bar')).toContainText('2 selected');

    // Set department: both change, each listed.
    await page.getByTestId('bulk-bar').getByRole('button', { name: 'Set department' }).click();
    const dialog = page.getByRole('dialog', { name: 'Set department — 2 members' });
    await dialog.getByRole('textbox', { name: 'Department' }).fill(`Dept ${tag}`);
    await dialog.getByRole('button', { name: 'Set department' }).click();
    const results = dialog.getByTestId('bulk-results');
    await expect(results).toContainText('2 of 2 changed');
    await expect(results.getByTestId('bulk-result')).toHaveCount(2);
    for (const email of emails) await expect(results.getByTestId('bulk-result').filter({ hasText: email })).toContainText('Changed');
    await dialog.getByRole('button', { name: 'Close' }).click();
    for (const email of emails) await expect(memberRow(page, email)).toContainText(`Dept ${tag}`);
    // The selection was done with.
    await expect(page.getByTestId('bulk-bar')).toHaveCount(0);

    // Suspend, confirmed: an invited person cannot be suspended, and each says so on its own.
    await page.getByText('Select all shown').click();
    await page.getByTestId('bulk-bar').getByRole('button', { name: 'Suspend' }).click();
    const suspend = page.getByRole('dialog', { name: 'Suspend — 2 members' });
    await expect(suspend).toContainText('their API keys are refused at once');
    await suspend.getByRole('button', { name: 'Suspend' }).click();
    await expect(suspend.getByTestId('bulk-results')).toContainText('0 of 2 changed, 2 failed');
    await expect(suspend.getByTestId('bulk-result').first()).toContainText('Failed');
    await expect(suspend.getByTestId('bulk-result').first()).toContainText(/pending/i);
    await suspend.getByRole('button', { name: 'Close' }).click();
  });

  test('a member’s detail: activity, resources linking to them, and what removal takes', async ({ page }) => {
    await openTeam(page);
    await page.goto('/#/team?role=developer&status=active');
    // The address's filter applies after the list is on screen: wait until the first row is a
    // developer, or the name read below belongs to whoever led the unfiltered list.
    await expect(page.getByRole('row').nth(1).getByTestId('member-role-select')).toHaveAccessibleName(/: Developer$/);
    const name = (await page.getByRole('row').nth(1).locator('[data-column="member"] p').first().textContent())!;
    await page.getByRole('row').nth(1).click();

    const detail = page.getByTestId('member-detail');
    await expect(detail.getByRole('heading', { level: 1 })).toHaveText(name);
    await expect(detail.getByTestId('member-activity')).toContainText('Endpoints created');
    await expect(detail.getByTestId('member-activity')).toContainText('Executions');
    const resources = detail.getByTestId('member-resources');
    await expect(resources).toContainText('Owned clusters');

    // Removal names what the member loses, and nothing happens on Cancel.
    await detail.getByRole('button', { name: 'Remove from team' }).click();
    const confirm = page.getByRole('dialog', { name: `Remove ${name} from the team?` });
    await expect(confirm.getByTestId('removal-losses')).toContainText('the Developer role and everything it allows');
    await expect(confirm.getByTestId('removal-losses')).toContainText('every API key they created');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();

    // A resource opens where it lives.
    const link = resources.getByRole('link').first();
    const id = (await link.textContent())!;
    await link.click();
    await expect(page).toHaveURL(new RegExp(`#/(clusters|endpoints)/${id}$`));

    // Back on the list, the palette finds the member by name.
    await page.goto('/#/team');
    await page.keyboard.press('Control+k');
    await page.getByRole('combobox', { name: 'Command' }).fill(name);
    await page.getByRole('option').filter({ hasText: name }).first().click();
    await expect(page.getByTestId('member-detail').getByRole('heading', { level: 1 })).toHaveText(name);
  });
});
