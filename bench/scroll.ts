// Scrolling long lists: a household with 5,000 done chores and 5,000 expenses, its chores (Done)
// and expenses screens in Chromium with the CPU slowed four times, scrolled by the mouse wheel from
// top to bottom (more rows loading as it goes). Counts the main thread's long tasks (over 50 ms)
// and the frames slower than two refreshes while scrolling.

import { sql } from 'kysely';
import { chromium, type Page } from 'playwright-core';
import { openMigratedDatabase } from '#server/db/database.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/chromium.ts';
import { memberCookies, signIn, startServer } from './lib.ts';
import { seedDataset } from './seed.ts';

/** Rows each list holds, and how slow the CPU is made. */
const ITEMS = 5_000;
const CPU_SLOWDOWN = 4;
/** How long the wheel turns on each screen. */
const SCROLL_MS = 15_000;

export interface ScrollResult {
  screen: string;
  path: string;
  /** How far down the list the scrolling reached: the last row's place (rows carry data-row-index). */
  rowsSeen: number;
  scrolledPx: number;
  longTasks: number;
  longestTaskMs: number;
  /** Frames that took longer than two refreshes (33 ms), of all frames while scrolling. */
  slowFrames: number;
  frames: number;
}

const SCREENS = [
  { screen: 'chores done', path: '/chores?view=done' },
  { screen: 'expenses', path: '/expenses' },
] as const;

/**
 * Watches long tasks and frame times from now on (in the page). A string, so the page runs it as
 * written (tsx names functions with a helper the page does not have).
 */
const WATCH_MAIN_THREAD = `(() => {
  window.benchTasks = [];
  window.benchFrames = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.benchTasks.push(e.duration);
  }).observe({ type: 'longtask' });
  let last = performance.now();
  const frame = (at) => {
    window.benchFrames.push(at - last);
    last = at;
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
})()`;

/** What the watch saw, and how far down the list the page got. */
const READ_MAIN_THREAD = `(() => {
  const scroller = [...document.querySelectorAll('*')].find(
    (e) => e.scrollTop > 0 && e.scrollHeight > e.clientHeight + 100,
  );
  const rows = [...document.querySelectorAll('[data-row-index]')].map((e) => Number(e.getAttribute('data-row-index')));
  return {
    rowsSeen: 1 + Math.max(-1, ...rows),
    scrolledPx: Math.round(Math.max(window.scrollY, scroller ? scroller.scrollTop : 0)),
    longTasks: window.benchTasks.filter((d) => d > 50).length,
    longestTaskMs: Math.round(Math.max(0, ...window.benchTasks)),
    slowFrames: window.benchFrames.filter((d) => d > 33.4).length,
    frames: window.benchFrames.length,
  };
})()`;

async function scrollScreen(page: Page, path: string): Promise<Omit<ScrollResult, 'screen' | 'path'>> {
  await page.goto(path);
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await page.waitForLoadState('networkidle');
  await page.mouse.move(400, 500);
  await page.evaluate(WATCH_MAIN_THREAD);
  const started = Date.now();
  while (Date.now() - started < SCROLL_MS) {
    await page.mouse.wheel(0, 400);
    // One turn of the wheel per frame, as a hand on a trackpad gives.
    await page.evaluate('new Promise((r) => requestAnimationFrame(r))');
  }
  return page.evaluate<Omit<ScrollResult, 'screen' | 'path'>>(READ_MAIN_THREAD);
}

export async function runScrollBench(): Promise<ScrollResult[]> {
  const data = await seedDataset('sqlite', {
    households: 2,
    chores: 10,
    expenses: 10,
    messages: 10,
    events: 1,
    heavy: { members: 6, chores: ITEMS, expenses: ITEMS, messages: 100, payments: 50 },
  });
  const heavy = data.heavy!;
  // A household keeps at most 200 chores open (docs/decisions/0021-bounded-input-and-caps.md), so
  // its long list is the done one: every chore done, one a day or so apart.
  const database = await openMigratedDatabase({ engine: 'sqlite', file: `${data.dataDir}/hearth.db` });
  await sql`update chores set status = 'done', completed_at = ${Date.now()} - (rowid % ${ITEMS * 2}) * 3600000,
    completed_by = assigned_to, on_time = 1
    where household_id = ${heavy.id}`.execute(database.db);
  await database.close();

  const server = await startServer(data.dataDir);
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const results: ScrollResult[] = [];
  try {
    const context = await browser.newContext({ baseURL: server.url, viewport: { width: 390, height: 844 } });
    await signIn(context, server.url, memberCookies(heavy.members[0]!));
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    for (const { screen, path } of SCREENS)
      results.push({ screen, path, ...(await scrollScreen(page, path)) });
  } finally {
    await browser.close();
    await server.stop();
    await data.drop();
  }
  return results;
}
