// Launches Debian's Chromium through playwright-core and records what the page logs and fails to load.
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrowserContext, chromium, type Page } from 'playwright-core';
import { repoRoot } from './server.js';

export const CHROMIUM_PATH = '/usr/bin/chromium';
export const SCREENSHOT_DIR = join(repoRoot, 'e2e/screenshots');
/** Headless, sandbox off (root in CI), no GPU, and none of the background traffic a fresh profile starts. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface FailedResponse {
  method: string;
  url: string;
  status: number;
}

export interface BrowserSession {
  context: BrowserContext;
  page: Page;
  /** console.error calls and uncaught page errors. */
  consoleErrors: string[];
  /** Every answer with status 400 or more. */
  failedResponses: FailedResponse[];
  screenshot: (name: string) => Promise<string>;
  close: () => Promise<void>;
}

/** `args`: Chromium flags added to CHROMIUM_ARGS for one test only (e.g. --host-resolver-rules). */
export async function launchBrowser(options: { args?: readonly string[] } = {}): Promise<BrowserSession> {
  if (!existsSync(CHROMIUM_PATH)) {
    // Fail, never skip: a browser test that silently does not run proves nothing.
    throw new Error(
      `Chromium is missing at ${CHROMIUM_PATH}. Install it with \`apt-get update && apt-get install -y chromium\` (CI installs it).`,
    );
  }
  const profile = await mkdtemp(join(tmpdir(), 'nezha-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [...CHROMIUM_ARGS, ...(options.args ?? [])],
    viewport: { width: 1440, height: 900 },
  });
  const page = context.pages()[0] ?? (await context.newPage());
  const consoleErrors: string[] = [];
  const failedResponses: FailedResponse[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') {
      const location = message.location();
      consoleErrors.push(`${message.text()} (${location.url}:${location.lineNumber})`);
    }
  });
  page.on('pageerror', (error) => consoleErrors.push(`uncaught: ${error.stack ?? error.message}`));
  page.on('response', (response) => {
    if (response.status() >= 400) {
      failedResponses.push({ method: response.request().method(), url: response.url(), status: response.status() });
    }
  });
  await mkdir(SCREENSHOT_DIR, { recursive: true });

  return {
    context,
    page,
    consoleErrors,
    failedResponses,
    screenshot: async (name) => {
      const path = join(SCREENSHOT_DIR, `${name}.png`);
      // A hovered menu or a fading loading overlay would make the picture lie about the page.
      await page.mouse.move(1, 1);
      await page.waitForFunction(() => document.querySelectorAll('.ant-spin-spinning').length === 0);
      await page.waitForTimeout(400);
      await page.screenshot({ path, fullPage: true, animations: 'disabled' });
      return path;
    },
    close: async () => {
      await context.close();
      await rm(profile, { recursive: true, force: true });
    },
  };
}
