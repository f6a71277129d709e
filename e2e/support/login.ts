// Signs a browser page in through the login form, as a user would.
import type { Page } from 'playwright-core';

/**
 * Fills and sends the login form, then waits for the app to leave the login page: for the Home page
 * (/superset/welcome/) without a next page. Callers go where they test explicitly.
 */
export async function logIn(page: Page, baseUrl: string, username: string, password: string): Promise<void> {
  await page.goto(`${baseUrl}/login/`);
  await page.fill('#username', username);
  await page.fill('#password', password);
  await page.click('[data-test="login-submit"]');
  await page.waitForURL((target) => !target.pathname.startsWith('/login'));
}
