// Pictures of charts and dashboards for reports: headless Chromium (playwright-core, Debian's /usr/bin/chromium, as
// the e2e suite drives it) opens the page signed in as the report's owner through a short session minted here.
import { existsSync } from 'node:fs';
import { type Browser, chromium, type Page } from 'playwright-core';
import type { AppContext } from '../app/context.js';
import { SESSION_COOKIE } from '../security/request-user.js';
import { createSession, deleteSession } from '../store/sessions.js';

/** Headless, no sandbox (root in containers), no GPU, none of a fresh profile's background traffic. */
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** A page that has not drawn by then is a failed screenshot (Superset's SCREENSHOT_LOAD_WAIT default is 60 s). */
const LOAD_TIMEOUT_MS = 60_000;
/** How long the minted session lives: long enough for one screenshot, useless soon after even if it leaked. */
const SESSION_SECONDS = 300;

export function chromiumPath(ctx: AppContext): string {
  return ctx.config.reports.chromiumPath;
}

/** Said by `nezha worker` at start: PNG and PDF reports cannot be made without it. */
export function chromiumMissingMessage(ctx: AppContext): string | null {
  const path = chromiumPath(ctx);
  if (existsSync(path)) return null;
  return `Chromium is missing at ${path}: PNG and PDF reports will fail. Install it (apt-get install chromium) or set NEZHA_CHROMIUM_PATH.`;
}

export type Target = { kind: 'chart'; id: number } | { kind: 'dashboard'; id: number; tab?: string | undefined };

function targetPath(target: Target): string {
  return target.kind === 'chart'
    ? `/explore/?slice_id=${target.id}&standalone=true`
    : `/nezha/dashboard/${target.id}/?standalone=true`;
}

async function waitForCharts(page: Page, target: Target): Promise<void> {
  if (target.kind === 'chart') {
    await page
      .locator('[data-test="chart-container"][data-chart-status="rendered"]')
      .waitFor({ timeout: LOAD_TIMEOUT_MS });
    return;
  }
  await page.waitForLoadState('networkidle', { timeout: LOAD_TIMEOUT_MS });
  if (target.tab) {
    const tab = page.locator(`[data-node-key="${target.tab.replace(/["\\]/g, '')}"]`).first();
    await tab.waitFor({ timeout: LOAD_TIMEOUT_MS });
    await tab.click();
  }
  // Charts below the fold ask for data only when seen: the window is made as tall as the page first.
  const height = Number(await page.evaluate('document.documentElement.scrollHeight'));
  const viewport = page.viewportSize();
  if (viewport && height > viewport.height)
    await page.setViewportSize({ width: viewport.width, height: Math.min(height, 10_000) });
  // Every chart of the page drawn (or failed: a failed chart is what the dashboard shows). Written as page-side
  // text: the server is compiled without the DOM's types.
  await page.waitForFunction(ALL_CHARTS_SETTLED, undefined, { timeout: LOAD_TIMEOUT_MS, polling: 200 });
  await page.waitForFunction(NO_SPINNER, undefined, { timeout: LOAD_TIMEOUT_MS, polling: 200 });
}

const ALL_CHARTS_SETTLED = `(() => {
  const charts = Array.from(document.querySelectorAll('[data-chart-status]'));
  const done = ['rendered', 'failed', 'unsupported'];
  return charts.every((el) => done.includes(el.getAttribute('data-chart-status') || ''));
})()`;
const NO_SPINNER = `document.querySelectorAll('.ant-spin-spinning').length === 0`;

export interface Capture {
  png?: Buffer;
  pdf?: Buffer;
}

/** One browser per capture: a crashed page never poisons the next report. */
export async function capture(
  ctx: AppContext,
  ownerId: number,
  target: Target,
  formats: { png: boolean; pdf: boolean },
  options: { width: number; signal: AbortSignal },
): Promise<Capture> {
  const path = chromiumPath(ctx);
  if (!existsSync(path)) throw new Error(`Chromium is missing at ${path}`);
  const base = new URL(ctx.config.reports.webdriverBaseUrl);
  const { token, session } = await createSession(ctx.store.db, ownerId, SESSION_SECONDS);
  let browser: Browser | null = null;
  const onAbort = () => void browser?.close();
  options.signal.addEventListener('abort', onAbort, { once: true });
  try {
    browser = await chromium.launch({ executablePath: path, headless: true, args: CHROMIUM_ARGS });
    // The app's CSP forbids eval, which Playwright's in-page polling of the wait conditions below needs.
    const context = await browser.newContext({
      viewport: { width: options.width, height: 900 },
      deviceScaleFactor: 1,
      bypassCSP: true,
    });
    await context.addCookies([
      { name: SESSION_COOKIE, value: token, domain: base.hostname, path: '/', httpOnly: true, sameSite: 'Lax' },
    ]);
    const page = await context.newPage();
    await page.goto(new URL(targetPath(target), base).toString(), { timeout: LOAD_TIMEOUT_MS });
    await waitForCharts(page, target);
    await page.mouse.move(1, 1);
    const result: Capture = {};
    if (formats.png) {
      const element = target.kind === 'chart' ? page.locator('[data-test="chart-container"]').first() : null;
      result.png = element
        ? await element.screenshot({ animations: 'disabled' })
        : await page.screenshot({ fullPage: true, animations: 'disabled' });
    }
    if (formats.pdf) {
      await page.emulateMedia({ media: 'screen' });
      result.pdf = await page.pdf({ printBackground: true, width: `${options.width}px`, landscape: false });
    }
    return result;
  } finally {
    options.signal.removeEventListener('abort', onAbort);
    await browser?.close().catch(() => undefined);
    await deleteSession(ctx.store.db, session.id);
  }
}
