// Drives antd's popups in browser tests. A popup that is still opening moves under the pointer, and one that is
// closing stays in the page (visible) for its animation: a test that picks an option by text alone can click the
// closing list of the previous choice. These helpers wait for the popups to rest and address the one list a
// select owns.
import type { Locator, Page } from 'playwright-core';

const POPUPS =
  '.ant-select-dropdown, .ant-dropdown, .ant-dropdown-menu-submenu-popup, .ant-popover, .ant-picker-dropdown';

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

/** The open dropdown that belongs to this select, found through the listbox its combobox controls. */
async function dropdownOf(page: Page, select: Locator): Promise<Locator> {
  const combobox = select.locator('input[role="combobox"]').first();
  const listId = await combobox.getAttribute('aria-controls');
  if (!listId) throw new Error('the select has no list (aria-controls) to pick from');
  return page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)', {
    has: page.locator(`[id="${listId}"]`),
  });
}

/**
 * Picks an option of an antd Select by typing its text (long lists are virtual: unseen options are not in the
 * DOM), in the select's own list. A list placed anew while it opens can detach the option: then it closes the
 * list and tries again.
 */
export async function chooseOption(page: Page, select: Locator, text: string): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    await popupsAtRest(page);
    await select.click();
    await page.keyboard.type(text);
    const dropdown = await dropdownOf(page, select);
    try {
      await dropdown
        .locator(`.ant-select-item-option[title="${text.replace(/"/g, '\\"')}"]`)
        .first()
        .click({
          timeout: 10_000,
        });
      return;
    } catch (error) {
      if (attempt === 3) throw error;
      await page.keyboard.press('Escape');
    }
  }
}
