// Alerts & Reports in a real browser: a report set up from a dashboard's menu through the report dialog, found on
// the Reports list, run now from its execution log until the log says Success, and the mail it sent received by an
// SMTP server this test runs.
import { once } from 'node:events';
import type { Locator, Page } from 'playwright-core';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { popupsAtRest } from './support/antd.js';
import { type BrowserSession, launchBrowser } from './support/browser.js';
import { logIn } from './support/login.js';
import { freePort, type NezhaServer, startServer } from './support/server.js';

interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

const REPORT_NAME = 'Births every Monday (e2e)';
const RECIPIENT = 'e2e-reports@example.org';

const OPEN_MENU_ITEMS =
  '.ant-dropdown:not(.ant-dropdown-hidden) li, .ant-dropdown-menu-submenu-popup:not(.ant-dropdown-menu-submenu-hidden) li';

function menuItem(page: Page, label: string): Locator {
  return page
    .locator(OPEN_MENU_ITEMS)
    .filter({ hasText: new RegExp(`^${label}$`) })
    .last();
}

/** Opens a menu entry through its sub-menu, hovering the parent again until the child shows. */
async function menu(page: Page, trigger: Locator, parent: string, child: string): Promise<void> {
  await trigger.click();
  const item = menuItem(page, parent);
  await item.waitFor();
  await popupsAtRest(page);
  await expect
    .poll(
      async () => {
        await item.hover();
        return menuItem(page, child)
          .waitFor({ timeout: 2_000 })
          .then(() => true)
          .catch(() => false);
      },
      { timeout: 20_000 },
    )
    .toBe(true);
  await popupsAtRest(page);
  await menuItem(page, child).click();
}

/** Closes whatever menu is open and waits until none is left over the page. */
async function menusClosed(page: Page): Promise<void> {
  await page.mouse.move(1, 400);
  await page.locator('.ant-dropdown:not(.ant-dropdown-hidden)').first().waitFor({ state: 'hidden' });
  await popupsAtRest(page);
}

describe('alerts and reports', () => {
  const mails: ReceivedMail[] = [];
  let smtp: SMTPServer;
  let server: NezhaServer;
  let browser: BrowserSession;
  let page: Page;

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          mails.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((recipient) => recipient.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        });
      },
    });
    const smtpPort = await freePort();
    smtp.listen(smtpPort, '127.0.0.1');
    await once(smtp.server, 'listening');
    server = await startServer({
      env: {
        SMTP_HOST: '127.0.0.1',
        SMTP_PORT: String(smtpPort),
        SMTP_STARTTLS: 'false',
        SMTP_MAIL_FROM: 'nezha-e2e@example.org',
      },
    });
    browser = await launchBrowser();
    page = browser.page;
    await logIn(page, server.url, server.adminUsername, server.adminPassword);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await new Promise<void>((done) => (smtp ? smtp.close(() => done()) : done()));
  });

  it('sets up an email report from the dashboard menu', async () => {
    await page.goto(`${server.url}/nezha/dashboard/births/`);
    await page.locator('[data-test="dashboard-title"]').waitFor();
    await menu(page, page.locator('[data-test="dashboard-menu"]'), 'Manage email report', 'Set up an email report');

    const modal = page.locator('.ant-modal', { has: page.locator('[data-test="report-name"]') });
    await modal.waitFor();
    await expect.poll(() => modal.locator('.ant-modal-title').textContent()).toContain('Schedule a new email report');
    // Superset's defaults: a weekly report named after the dashboard, Mondays at noon, as a PNG.
    expect(await modal.locator('[data-test="report-name"]').inputValue()).toMatch(/^Weekly Report for /);
    expect(await modal.locator('[data-test="crontab-value"]').textContent()).toBe('0 12 * * 1');
    expect(await modal.locator('[data-test="report-format"] input[value="PNG"]').isChecked()).toBe(true);
    await modal.locator('[data-test="report-name"]').fill(REPORT_NAME);
    await modal.locator('[data-test="report-recipients"]').fill(RECIPIENT);
    await browser.screenshot('reports-01-report-dialog');
    await modal.locator('[data-test="report-save"]').click();
    await modal.waitFor({ state: 'hidden' });

    // The menu now manages the report it keeps for this dashboard.
    await menusClosed(page);
    await menu(page, page.locator('[data-test="dashboard-menu"]'), 'Manage email report', 'Edit email report');
    const edit = page.locator('.ant-modal', { has: page.locator('[data-test="report-name"]') });
    await expect
      .poll(() => edit.locator('[data-test="report-name"]').inputValue(), { timeout: 20_000 })
      .toBe(REPORT_NAME);
    expect(await edit.locator('[data-test="report-recipients"]').inputValue()).toBe(RECIPIENT);
    await edit.getByRole('button', { name: 'Cancel' }).click();
    await edit.waitFor({ state: 'hidden' });
  });

  it('lists the report under Reports with its schedule in words', async () => {
    await page.goto(`${server.url}/chart/list/`);
    await page.click('[data-test="settings-menu"]');
    await popupsAtRest(page);
    await page.getByRole('menuitem', { name: 'Alerts & reports' }).click();
    await page.waitForURL(/\/alert\/list\/$/);
    await menusClosed(page);
    await page.locator('[data-test="report-list"]').click();
    await page.waitForURL(/\/report\/list\/$/);
    const row = page.locator('.ant-table-row', { hasText: REPORT_NAME });
    await row.waitFor();
    expect(await row.locator('[data-test="report-schedule"]').textContent()).toMatch(/^At 12:00 PM, only on Monday \(/);
    expect(await row.locator('[data-test="toggle-active"]').getAttribute('aria-checked')).toBe('true');
    await browser.screenshot('reports-02-list');
  });

  it('runs the report now and shows Success in its execution log', async () => {
    const row = page.locator('.ant-table-row', { hasText: REPORT_NAME });
    await row.locator('[data-test="execution-log-action"]').click();
    await page.waitForURL(/\/report\/\d+\/log\/$/);
    await page.locator('.ant-typography', { hasText: `Report: ${REPORT_NAME}` }).waitFor();
    await page.locator('[data-test="run-now"]').click();

    // The page follows the log until the run has finished; rendering the dashboard in Chromium takes a while.
    const success = page.locator('[data-test="execution-log"] [data-test="report-state"][data-state="Success"]');
    await success.first().waitFor({ timeout: 240_000 });
    const first = page.locator('[data-test="execution-log"] .ant-table-row').first();
    expect(await first.locator('td').nth(3).textContent()).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect(await page.locator('[data-test="execution-log"] [data-state="Error"]').count()).toBe(0);
    await browser.screenshot('reports-03-execution-log');

    // What the run delivered: one mail to the recipient, with the dashboard as a PNG.
    await expect.poll(() => mails.length, { timeout: 30_000 }).toBe(1);
    const [mail] = mails;
    expect(mail?.to).toEqual([RECIPIENT]);
    // Long headers are folded over lines: unfold before reading the subject.
    expect(mail?.raw.replace(/\r?\n[ \t]+/g, ' ')).toContain(REPORT_NAME);
    expect(mail?.raw).toMatch(/Content-Type: image\/png/i);
  }, 300_000);
});
