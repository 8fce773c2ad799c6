import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Browser, BrowserContext, BrowserContextOptions, ConsoleMessage, Page } from 'playwright-core';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../scripts/chromium.ts';

/**
 * A page a test serves itself (route.fulfill) has no address Chromium knows, and newer releases
 * then refuse its socket to 127.0.0.1 as a request into the local network; the app never meets that.
 */
const TEST_ARGS = ['--disable-features=LocalNetworkAccessChecks'];

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [...CHROMIUM_ARGS, ...TEST_ARGS],
  });
}

function isLocal(url: string): boolean {
  try {
    const { protocol, hostname } = new URL(url);
    if (protocol === 'data:' || protocol === 'blob:') return true;
    return hostname === '127.0.0.1' || hostname === 'localhost';
  } catch {
    return false;
  }
}

/** A fresh context per test (no cookies or storage carried over) that cannot reach beyond this machine. */
export async function newContext(
  browser: Browser,
  baseUrl: string,
  options: BrowserContextOptions = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL: baseUrl,
    viewport: { width: 390, height: 844 },
    locale: 'en-US',
    ...options,
  });
  await context.route('**/*', (route) => (isLocal(route.request().url()) ? route.continue() : route.abort()));
  return context;
}

const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[]; failureSummary?: string }[];
}

/**
 * Runs axe-core on the page and returns the serious and critical violations. The page's CSP
 * allows only same-origin script files, so axe is evaluated through the DevTools protocol
 * rather than added as a <script> element.
 */
export async function axe(page: Page): Promise<AxeViolation[]> {
  const hasAxe = await page.evaluate(() => 'axe' in window);
  if (!hasAxe) await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const w = window as unknown as {
      axe: { run: (context: Document) => Promise<{ violations: AxeViolation[] }> };
    };
    const result = await w.axe.run(document);
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target, failureSummary: n.failureSummary })),
    }));
  });
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

/** A readable summary of axe violations for a failed assertion. */
export function describeViolations(violations: AxeViolation[]): string {
  return violations
    .map(
      (v) =>
        `${v.impact} ${v.id}: ${v.help}\n${v.nodes.map((n) => `  ${JSON.stringify(n.target)}`).join('\n')}`,
    )
    .join('\n');
}

/**
 * Collects console errors and uncaught exceptions of a page. Responses a test provokes on
 * purpose (a 401 while signed out, a rejected password) are logged by Chromium as failed
 * resource loads; the test names those statuses in `expectedStatuses`, and any other message it
 * provokes (e.g. refused WebSocket connections while the server is down) in `expectedMessages`.
 */
export function watchPageErrors(
  page: Page,
  expectedStatuses: number[] = [],
  expectedMessages: RegExp[] = [],
) {
  const errors: string[] = [];
  const expected = expectedStatuses.map(
    (status) => `Failed to load resource: the server responded with a status of ${status}`,
  );
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() !== 'error') return;
    const text = message.text();
    if (expected.some((prefix) => text.startsWith(prefix))) return;
    if (expectedMessages.some((pattern) => pattern.test(text))) return;
    errors.push(`console.error: ${text} (${message.location().url})`);
  });
  page.on('pageerror', (error) => errors.push(`page error: ${error.message}`));
  return {
    errors,
    assertNone(): void {
      if (errors.length > 0) throw new Error(`The page reported errors:\n${errors.join('\n')}`);
    },
  };
}

let counter = 0;
/** An e-mail address no earlier run has used. */
export function uniqueEmail(prefix: string): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${process.pid}-${counter}@example.com`;
}

/** Switches the system colour scheme (the app is on Auto) and ends its colour transitions. */
export async function switchColorScheme(page: Page, scheme: 'light' | 'dark'): Promise<void> {
  await page.emulateMedia({ colorScheme: scheme });
  await page.waitForFunction(
    (dark) => document.documentElement.classList.contains('dark') === dark,
    scheme === 'dark',
  );
  // The colour transitions jump to their end: one on an element that is not rendered (a card off
  // screen skips rendering) would otherwise never finish.
  await page.evaluate(() => {
    for (const animation of document.getAnimations())
      if (animation instanceof CSSTransition) animation.finish();
  });
}

/**
 * Lets the page draw `frames` more frames: what a scroll or a failed answer sets off (an
 * intersection observer reports in the frame after layout) has then run, so a test can check
 * that something did not happen without guessing a time.
 */
export async function afterFrames(page: Page, frames = 10): Promise<void> {
  await page.evaluate(
    (count) =>
      new Promise<void>((resolve) => {
        let left = count;
        const step = () => (--left <= 0 ? resolve() : requestAnimationFrame(step));
        requestAnimationFrame(step);
      }),
    frames,
  );
}
