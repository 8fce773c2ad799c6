// Every main screen at a phone, a tablet, a laptop and a wide screen: the navigation the width
// calls for, no sideways scrolling, no text drawn over other text, axe clean, and two panes where a
// screen has them (docs/screens.md, Navigation and Wide screens).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { watchPageErrors } from './helpers.ts';
import { browserPerFile, createHousehold, expectAccessible, joinHousehold, registerMember } from './setup.ts';

const baseUrl = inject('baseUrl');
const PASSWORD = 'fair-shares-for-all-2026';
const browser = browserPerFile();

const SIZES = [
  { width: 390, height: 844 },
  { width: 768, height: 1024 },
  { width: 1280, height: 800 },
  { width: 1920, height: 1080 },
] as const;
const WIDE_MIN = 768;

const GUEST_SCREENS = [
  { name: 'landing', path: '/' },
  { name: 'auth', path: '/auth' },
] as const;
const MEMBER_SCREENS = [
  { name: 'home', path: '/' },
  { name: 'chores', path: '/chores' },
  { name: 'expenses', path: '/expenses' },
  { name: 'calendar', path: '/calendar' },
  { name: 'chat', path: '/messages' },
  { name: 'settings', path: '/settings' },
  { name: 'dashboard', path: '/dashboard' },
] as const;

const shots = fs.mkdtempSync(path.join(os.tmpdir(), 'hearth-responsive-'));
/** The screens that had two panes when the test ran, for the record. */
const twoPaneScreens = new Set<string>();
afterAll(() => {
  console.info(
    `Screens with [data-two-pane]: ${[...twoPaneScreens].join(', ') || 'none'}; screenshots in ${shots}`,
  );
});

/** Waits until the screen has drawn its content: its heading is up and nothing says it is loading. */
async function settle(page: Page): Promise<void> {
  await page.locator('main h1').first().waitFor();
  await page.waitForFunction(() => !document.querySelector('main [role="status"][aria-label="Loading"]'));
  await page.evaluate(() => document.fonts.ready);
}

interface Layout {
  overflow: { scrollWidth: number; innerWidth: number };
  nav: 'side' | 'bottom' | 'none' | 'other';
  overlaps: string[];
  twoPane: null | { list: DOMRectJSON | null; detail: DOMRectJSON | null };
}
type DOMRectJSON = {
  left: number;
  right: number;
  top: number;
  bottom: number;
  width: number;
  height: number;
};

/**
 * Reads the page's layout. Text overlap is measured on the text itself (the boxes of its lines),
 * cut to what clipping ancestors let show; text that is hidden, aria-hidden, screen-reader only
 * or inside a fixed overlay (the bottom bar, the toast, banners), which is meant to lie over the
 * page, is left out.
 */
function readLayout(page: Page): Promise<Layout> {
  return page.evaluate(() => {
    const box = (r: DOMRect) => ({
      left: r.left,
      right: r.right,
      top: r.top,
      bottom: r.bottom,
      width: r.width,
      height: r.height,
    });
    const visible = (el: Element) =>
      el.checkVisibility({ opacityProperty: true, visibilityProperty: true }) &&
      el.getClientRects().length > 0;

    const nav = document.querySelector('nav[data-main-nav]');
    let navKind: Layout['nav'] = 'none';
    if (nav && visible(nav)) {
      const r = nav.getBoundingClientRect();
      if (r.left <= 0 && r.width < 320 && r.height >= window.innerHeight - 1) navKind = 'side';
      else if (Math.abs(r.bottom - window.innerHeight) <= 1 && r.width >= window.innerWidth - 1)
        navKind = 'bottom';
      else navKind = 'other';
    }

    const skipped = (el: Element): boolean => {
      for (let at: Element | null = el; at; at = at.parentElement) {
        if (at.getAttribute('aria-hidden') === 'true' || at.classList.contains('sr-only')) return true;
        if (getComputedStyle(at).position === 'fixed') return true;
      }
      return false;
    };
    const clipOf = (el: Element): DOMRect | null => {
      let clip: { left: number; right: number; top: number; bottom: number } | null = null;
      for (let at: Element | null = el; at; at = at.parentElement) {
        const style = getComputedStyle(at);
        if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
        const r = at.getBoundingClientRect();
        clip = clip
          ? {
              left: Math.max(clip.left, r.left),
              right: Math.min(clip.right, r.right),
              top: Math.max(clip.top, r.top),
              bottom: Math.min(clip.bottom, r.bottom),
            }
          : { left: r.left, right: r.right, top: r.top, bottom: r.bottom };
      }
      return clip && new DOMRect(clip.left, clip.top, clip.right - clip.left, clip.bottom - clip.top);
    };

    const pieces: {
      node: number;
      text: string;
      r: { left: number; right: number; top: number; bottom: number };
    }[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    let index = 0;
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      index += 1;
      const text = node.textContent?.trim() ?? '';
      const parent = node.parentElement;
      if (!text || !parent || !visible(parent) || skipped(parent)) continue;
      if (parent.closest('svg, script, style, noscript')) continue;
      const clip = clipOf(parent);
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const line of range.getClientRects()) {
        const r = clip
          ? {
              left: Math.max(line.left, clip.left),
              right: Math.min(line.right, clip.right),
              top: Math.max(line.top, clip.top),
              bottom: Math.min(line.bottom, clip.bottom),
            }
          : line;
        if (r.right - r.left < 2 || r.bottom - r.top < 2) continue;
        pieces.push({ node: index, text: text.slice(0, 40), r });
      }
    }
    const overlaps: string[] = [];
    for (let i = 0; i < pieces.length; i++)
      for (let j = i + 1; j < pieces.length; j++) {
        const a = pieces[i] as (typeof pieces)[number];
        const b = pieces[j] as (typeof pieces)[number];
        // The lines of one text never count against each other (a wrapped line's boxes may touch).
        if (a.node === b.node) continue;
        const w = Math.min(a.r.right, b.r.right) - Math.max(a.r.left, b.r.left);
        const h = Math.min(a.r.bottom, b.r.bottom) - Math.max(a.r.top, b.r.top);
        const smaller = Math.min(a.r.bottom - a.r.top, b.r.bottom - b.r.top);
        // Lines with tight leading touch a little; text over text covers a good part of a line.
        if (w > 2 && h > smaller * 0.3) overlaps.push(`"${a.text}" × "${b.text}"`);
      }

    const pane = document.querySelector('[data-two-pane]');
    const paneBox = (name: string) => {
      const el = pane?.querySelector(`:scope > [data-pane="${name}"]`);
      return el && visible(el) ? box(el.getBoundingClientRect()) : null;
    };
    const scroller = document.scrollingElement ?? document.documentElement;
    return {
      overflow: { scrollWidth: scroller.scrollWidth, innerWidth: window.innerWidth },
      nav: navKind,
      overlaps,
      twoPane: pane ? { list: paneBox('list'), detail: paneBox('detail') } : null,
    };
  });
}

async function checkScreen(page: Page, name: string, width: number, height: number, member: boolean) {
  await settle(page);
  await page.screenshot({ path: path.join(shots, `${name}-${width}x${height}.png`) });
  const layout = await readLayout(page);
  const where = `${name} at ${width}×${height}`;
  expect(layout.overflow.scrollWidth, `${where}: sideways scrolling`).toBeLessThanOrEqual(
    layout.overflow.innerWidth,
  );
  expect(layout.overlaps, `${where}: text over text`).toEqual([]);
  const wide = width >= WIDE_MIN;
  expect(layout.nav, `${where}: navigation`).toBe(member ? (wide ? 'side' : 'bottom') : 'none');
  if (member) {
    const nav = page.getByRole('navigation', { name: 'Main' });
    // The side navigation adds Dashboard, Roommates and Settings to the bottom bar's tabs.
    for (const label of ['Dashboard', 'Roommates', 'Settings'])
      expect(
        await nav.getByRole('link', { name: label, exact: true }).isVisible(),
        `${where}: ${label}`,
      ).toBe(wide);
    await expect.poll(() => nav.locator('[aria-current="page"]').count()).toBeLessThanOrEqual(1);
  }
  if (layout.twoPane) {
    twoPaneScreens.add(name);
    const { list, detail } = layout.twoPane;
    if (wide) {
      expect(list, `${where}: list pane`).not.toBeNull();
      expect(detail, `${where}: detail pane`).not.toBeNull();
      if (list && detail) expect(list.right, `${where}: panes side by side`).toBeLessThanOrEqual(detail.left);
    } else {
      expect(Boolean(list) !== Boolean(detail), `${where}: one pane at a time`).toBe(true);
    }
  }
  await expectAccessible(page);
}

describe('every screen size', () => {
  it('lays out the signed-out screens at every size', async () => {
    const context = await browser.newContext(baseUrl);
    const page = await context.newPage();
    const errors = watchPageErrors(page, [401]);
    for (const { width, height } of SIZES) {
      await page.setViewportSize({ width, height });
      for (const screen of GUEST_SCREENS) {
        await page.goto(screen.path);
        await checkScreen(page, screen.name, width, height, false);
      }
    }
    errors.assertNone();
  });

  it('lays out a member’s screens at every size, with the side navigation from 768 px', async () => {
    const context = await browser.newContext(baseUrl);
    const ada = await registerMember(context, { firstName: 'Ada', password: PASSWORD });
    const bea = await registerMember(await browser.newContext(baseUrl), {
      firstName: 'Beatrice',
      password: PASSWORD,
    });
    const household = await createHousehold(ada, 'Wide Flat');
    await joinHousehold(bea, household.inviteCode);
    const today = new Date().toISOString().slice(0, 10);
    const post = async (url: string, data: unknown) => {
      const response = await context.request.post(url, { data });
      expect(response.status(), `${url}: ${await response.text()}`).toBe(201);
    };
    await post('/api/chores', {
      title: 'Take out the recycling and the glass before Thursday morning',
      assignedTo: ada.id,
      dueDate: new Date(Date.now() + 86_400_000).toISOString(),
    });
    await post('/api/expenses', {
      expense: {
        title: 'Groceries for the week',
        amount: '42.50',
        category: 'groceries',
        date: today,
        paidBy: ada.id,
      },
      splits: [
        { userId: ada.id, amount: '21.25' },
        { userId: bea.id, amount: '21.25' },
      ],
    });
    await post('/api/calendar', {
      title: 'House meeting',
      startDate: new Date(Date.now() + 2 * 86_400_000).toISOString(),
      endDate: new Date(Date.now() + 2 * 86_400_000 + 3_600_000).toISOString(),
    });
    await post('/api/messages', {
      content: 'Who is up for pizza tonight? https://example.com/a/very/long/link',
    });

    const page = ada.page;
    const errors = watchPageErrors(page);
    // The server draws the frame for every width alike (CSS switches it), so the app takes its
    // first screens over as they are at any size (main.tsx warns when it has to render anew).
    const renderedAnew: string[] = [];
    page.on('console', (message) => {
      if (message.text().includes('rendered anew')) renderedAnew.push(`${page.url()}: ${message.text()}`);
    });
    for (const { width, height } of SIZES) {
      await page.setViewportSize({ width, height });
      for (const screen of MEMBER_SCREENS) {
        await page.goto(screen.path);
        await checkScreen(page, screen.name, width, height, true);
      }
    }
    // Settings: the sections beside the chosen one from md.
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/settings');
    await settle(page);
    const sections = page.getByRole('navigation', { name: 'Settings sections' });
    await sections.getByRole('link', { name: 'Notifications' }).click();
    await expect.poll(() => new URL(page.url()).search).toBe('?section=notifications');
    await expect
      .poll(() => page.locator('[data-pane="detail"] h2').filter({ visible: true }).allTextContents())
      .toContain('Notifications');
    expect(await page.getByRole('heading', { name: 'Profile', exact: true }).isVisible()).toBe(false);
    expect(renderedAnew).toEqual([]);
    errors.assertNone();
  });
});
