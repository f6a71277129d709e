// Drives SQL Lab's page in browser tests: log in, type SQL, run it, read the grid, work the tabs.
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { popupsAtRest } from './antd.js';
import { logIn as logInPage } from './login.js';

export const TABS = '[data-test="sql-editor-tabs"]';
const EDITOR = '[data-test="sql-editor-content"]';

/** Signs in (landing on the Home page), then opens SQL Lab. */
export async function logIn(page: Page, baseUrl: string, username: string, password: string): Promise<void> {
  await logInPage(page, baseUrl, username, password);
  await page.goto(`${baseUrl}/sqllab/`);
  await page.waitForURL(/\/sqllab\/$/);
}

/** Waits for the page and its CodeMirror editor (a lazy chunk) to be there. */
export async function waitForEditor(page: Page): Promise<void> {
  await page.locator(EDITOR).waitFor({ timeout: 30_000 });
}

/** Replaces the editor's text (pasted, so no completion or bracket closing gets in the way). */
export async function setSql(page: Page, sql: string): Promise<void> {
  await waitForEditor(page);
  await page.locator(EDITOR).click();
  await page.keyboard.press('Control+a');
  await page.keyboard.press('Delete');
  await page.keyboard.insertText(sql);
  // Pasting a word can open the completion list; it is not wanted here.
  await page.keyboard.press('Escape');
}

export async function editorText(page: Page): Promise<string> {
  return page.locator(EDITOR).evaluate((element) =>
    Array.from(element.querySelectorAll('.cm-line'))
      .map((line) => line.textContent ?? '')
      .join('\n'),
  );
}

/** Runs the editor's SQL with Ctrl+Enter and waits until the run has ended (results, error or stop). */
export async function runSql(page: Page, sql: string): Promise<void> {
  await setSql(page, sql);
  await page.keyboard.press('Control+Enter');
  await waitForResults(page);
}

export async function waitForResults(page: Page, timeout = 60_000): Promise<void> {
  await page
    .locator('[data-test="query-results"], [data-test="query-error"], [data-test="query-stopped"]')
    .first()
    .waitFor({ timeout });
}

export async function rowsReturned(page: Page): Promise<string> {
  return ((await page.locator('[data-test="query-results"] [data-test="rows-returned"]').textContent()) ?? '').trim();
}

/** The grid's rendered data rows (not the header): cell texts, the row number first. */
export async function gridRows(page: Page): Promise<string[][]> {
  return page
    .locator('[data-test="query-results"] [data-test="results-grid"] .nz-rg-row')
    .evaluateAll((rows) => rows.map((row) => Array.from(row.children).map((cell) => (cell.textContent ?? '').trim())));
}

/**
 * The tab bar's "+". antd keeps two: one at the end of the tab list, and one beside the list that shows instead once
 * the tabs overflow the bar (a run with a retried test has one tab more): the visible one is clicked.
 */
export async function addTab(page: Page): Promise<void> {
  await page.locator(`${TABS} .ant-tabs-nav-add:visible`).first().click();
}

/** Adds a table of the schema to the left bar through its search box. */
export async function addTableToLeftBar(page: Page, name: string): Promise<void> {
  await page.locator('[data-test="table-select"]').click();
  await page.keyboard.type(name);
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: new RegExp(`^${name}$`) })
    .click();
  await page.keyboard.press('Escape');
}

export async function tabNames(page: Page): Promise<string[]> {
  const names = await page.locator(`${TABS} [data-test="tab-title"]`).allTextContents();
  return names.map((name) => name.trim());
}

export async function activeTabName(page: Page): Promise<string> {
  return ((await page.locator(`${TABS} .ant-tabs-tab-active [data-test="tab-title"]`).textContent()) ?? '').trim();
}

/**
 * Opens the active tab's menu and picks an entry ("Rename tab", "Duplicate tab"…). The tab bar is drawn again when
 * a background sync round answers, which closes an open menu: then the menu is opened again.
 */
export async function tabMenu(page: Page, entry: string): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    await popupsAtRest(page);
    await page.locator(`${TABS} .ant-tabs-tab-active [data-test="tab-menu"]`).click();
    try {
      await page
        .locator('.ant-dropdown:not(.ant-dropdown-hidden)')
        .getByRole('menuitem', { name: entry })
        .click({ timeout: 10_000 });
      return;
    } catch (error) {
      if (attempt === 3) throw error;
      // Only a menu still open is closed (Escape on none would close nothing else here, but stay exact).
      if ((await page.locator('.ant-dropdown:not(.ant-dropdown-hidden)').count()) > 0)
        await page.keyboard.press('Escape');
    }
  }
}

/**
 * Sets the active editor's row limit from its "LIMIT" menu. As with the tab menu, a background sync round that
 * answers while the menu is open draws the toolbar again and closes the menu: then it is opened again.
 */
export async function chooseQueryLimit(page: Page, label: string): Promise<void> {
  const button = page.locator('[data-test="query-limit"]:visible');
  for (let attempt = 1; ; attempt += 1) {
    await popupsAtRest(page);
    await button.click();
    try {
      await page
        .locator('.ant-dropdown:not(.ant-dropdown-hidden)')
        .getByRole('menuitem', { name: label })
        .click({ timeout: 10_000 });
      await button.filter({ hasText: label }).waitFor({ timeout: 10_000 });
      return;
    } catch (error) {
      if (attempt === 3) throw error;
      if ((await page.locator('.ant-dropdown:not(.ant-dropdown-hidden)').count()) > 0)
        await page.keyboard.press('Escape');
    }
  }
}

export async function waitForActiveTab(page: Page, name: string): Promise<void> {
  await page.locator(`${TABS} .ant-tabs-tab-active [data-test="tab-title"]`, { hasText: name }).waitFor();
}

/** The caller's tabs on the server (GET /api/v1/sqllab/), by label. */
export async function serverTabLabels(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const response = await fetch('/api/v1/sqllab/', { headers: { Accept: 'application/json' } });
    const body = (await response.json()) as { result: { tab_state_ids: Array<{ label: string }> } };
    return body.result.tab_state_ids.map((tab) => tab.label);
  });
}

/**
 * From a first tab "Untitled Query 1": adds a tab and runs a query in it, renames it, clones it (the copy
 * runs by itself), cycles with Ctrl+] and Ctrl+[, then closes the copy. Ends on "Renamed tab".
 */
export async function exerciseTabs(page: Page, screenshot?: () => Promise<unknown>): Promise<void> {
  await addTab(page);
  await waitForActiveTab(page, 'Untitled Query 2');
  await runSql(page, "SELECT 'second tab' AS label");

  await tabMenu(page, 'Rename tab');
  await page.fill('[data-test="rename-tab-input"]', 'Renamed tab');
  await page.keyboard.press('Enter');
  await waitForActiveTab(page, 'Renamed tab');

  await tabMenu(page, 'Duplicate tab');
  await waitForActiveTab(page, 'Copy of Renamed tab');
  // The copy runs on its own (autorun).
  await waitForResults(page);
  expect(await editorText(page)).toBe("SELECT 'second tab' AS label");
  expect(await tabNames(page)).toEqual(['Untitled Query 1', 'Renamed tab', 'Copy of Renamed tab']);

  await page.locator(EDITOR).click();
  await page.keyboard.press('Control+]');
  await waitForActiveTab(page, 'Untitled Query 1');
  await page.keyboard.press('Control+[');
  await waitForActiveTab(page, 'Copy of Renamed tab');
  await page.keyboard.press('Control+[');
  await waitForActiveTab(page, 'Renamed tab');
  await screenshot?.();

  await page
    .locator(`${TABS} .ant-tabs-tab`, { hasText: 'Copy of Renamed tab' })
    .locator('.ant-tabs-tab-remove')
    .click();
  await page.locator(`${TABS} [data-test="tab-title"]`, { hasText: 'Copy of' }).waitFor({ state: 'detached' });
  expect(await tabNames(page)).toEqual(['Untitled Query 1', 'Renamed tab']);
}
