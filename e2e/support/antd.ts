// Drives antd's popups in browser tests. A popup that is still opening moves under the pointer, and one that is
// closing stays in the page (visible) for its animation: a test that picks an option by text alone can click the
// closing list of the previous choice. These helpers wait for the popups to rest and address the one list a
// select owns.
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

const POPUPS =
  '.ant-select-dropdown, .ant-dropdown, .ant-dropdown-menu-submenu-popup, .ant-menu-submenu-popup, .ant-popover, .ant-picker-dropdown';

/** Waits until no dropdown, menu or popover is in its open or close animation, so what is in it stays put. */
export async function popupsAtRest(page: Page): Promise<void> {
  await page.waitForFunction(
    (selector) =>
      Array.from(document.querySelectorAll(selector)).every(
        (popup) => !/-(enter|appear|leave)(-active|-prepare|-start)?(\s|$)/.test(popup.className),
      ),
    POPUPS,
  );
}

/**
 * Opens a hover menu of the navigation bar and clicks one of its links once the popup has stopped moving. Hovering
 * starts antd's open delay and zoom animation; a click before both end can land beside the link or miss it.
 */
export async function clickNavMenuLink(page: Page, menuTest: string, linkTest: string): Promise<void> {
  const link = page.locator(`[data-test="${linkTest}"]`);
  await expect
    .poll(
      async () => {
        await page.hover(`[data-test="${menuTest}"]`);
        return link.isVisible();
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  await popupsAtRest(page);
  await link.click();
}

/**
 * Opens a dropdown menu from its trigger and clicks one of its items once the menu rests. The menu closed just
 * before stays in the page (visible) for its leave animation, so the item is taken from the open menu only.
 */
export async function clickDropdownItem(page: Page, trigger: string, name: string): Promise<void> {
  await popupsAtRest(page);
  await page.click(trigger);
  const menu = page.locator('.ant-dropdown:not(.ant-dropdown-hidden)', {
    has: page.getByRole('menuitem', { name }),
  });
  await menu.waitFor();
  await popupsAtRest(page);
  await menu.getByRole('menuitem', { name }).click();
}

/** The combobox input of an antd Select: it says whether the list is open (aria-expanded) and which list it owns. */
function comboboxOf(select: Locator): Locator {
  return select.locator('input[role="combobox"]').first();
}

async function isOpen(select: Locator): Promise<boolean> {
  return (await comboboxOf(select).getAttribute('aria-expanded')) === 'true';
}

/** The open dropdown that belongs to this select, found through the listbox its combobox controls. */
async function dropdownOf(page: Page, select: Locator): Promise<Locator> {
  const listId = await comboboxOf(select).getAttribute('aria-controls');
  if (!listId) throw new Error('the select has no open list (aria-controls) to pick from');
  return page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)', {
    has: page.locator(`[id="${listId}"]`),
  });
}

/** Opens this select's own list and waits until it is open and at rest. */
async function openSelect(page: Page, select: Locator): Promise<void> {
  await popupsAtRest(page);
  if (!(await isOpen(select))) await select.click();
  await expect.poll(() => isOpen(select), { timeout: 10_000 }).toBe(true);
  await popupsAtRest(page);
}

/**
 * Closes this select's list if it is open. Escape closes only the top-most popup (antd keeps a stack of them), so
 * it is pressed only while this list is open and on top: pressed on a closed list it would close the popover or
 * modal the select sits in.
 */
export async function closeSelect(page: Page, select: Locator): Promise<void> {
  await popupsAtRest(page);
  if (await isOpen(select)) {
    await comboboxOf(select).press('Escape');
    await expect.poll(() => isOpen(select), { timeout: 10_000 }).toBe(false);
  }
  await popupsAtRest(page);
}

/** What the page shows of a select and the open lists, for the message of a choice that failed. */
async function describeSelect(page: Page, select: Locator): Promise<string> {
  const combobox = comboboxOf(select);
  const expanded = await combobox.getAttribute('aria-expanded').catch(() => '?');
  const focused = await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 200) ?? 'none');
  const lists = await page
    .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')
    .evaluateAll((nodes) => nodes.map((node) => `[${node.className}] ${node.textContent?.slice(0, 200)}`));
  return `aria-expanded=${expanded}; focus: ${focused}; open lists: ${lists.join(' | ') || 'none'}`;
}

/**
 * Picks an option of an antd Select in the select's own list. A searchable select gets the text typed into its own
 * input (long lists are virtual: unseen options are not in the DOM); a plain one is only opened. A list placed anew
 * while it opens can detach the option: then it closes the list and tries again, and a last failure says what the
 * page showed.
 */
export async function chooseOption(page: Page, select: Locator, text: string): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await openSelect(page, select);
      const combobox = comboboxOf(select);
      if ((await combobox.getAttribute('readonly')) === null) {
        await combobox.fill('');
        await combobox.pressSequentially(text);
      }
      const dropdown = await dropdownOf(page, select);
      await dropdown
        .locator(`.ant-select-item-option[title="${text.replace(/"/g, '\\"')}"]`)
        .first()
        .click({ timeout: 10_000 });
      return;
    } catch (error) {
      if (attempt === 3) {
        const seen = await describeSelect(page, select).catch(() => 'nothing (the page is gone)');
        throw new Error(`could not choose "${text}": ${(error as Error).message.split('\n')[0]}; ${seen}`);
      }
      await closeSelect(page, select).catch(() => {});
    }
  }
}
