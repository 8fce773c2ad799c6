// Issue 28: no hard-coded words. Every screen opened in the pseudo-locale (?lang=pseudo, every
// catalogue message wrapped as "[!! Ŝéţţîñĝš !!]") must show no visible text that is not wrapped,
// other than what people typed (names, titles), numbers, and dates written by Intl.
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, inject, it } from 'vitest';
import { uniqueEmail } from './helpers.ts';
import { browserPerFile, createHousehold, joinHousehold } from './setup.ts';

const baseUrl = inject('baseUrl');
const files = browserPerFile();
const PASSWORD = 'correct horse battery';

/** What the seeded household typed, which no catalogue holds. */
const TYPED = [
  'Pseudo Place',
  'Ada Example',
  'Bea Example',
  'Ada E.',
  'Bea E.',
  'Ada',
  'Bea',
  'Pizza night',
  'Bins out',
  'Pseudo Loft',
  'Pseudoville',
  // Country names are Intl's, in English for the pseudo-locale.
  'United States',
  'Hearth',
];

/** The screens checked, signed in as a member of a household. */
const MEMBER_SCREENS = [
  '/',
  '/chores',
  '/add-chore',
  '/expenses',
  '/add-expense',
  '/expenses/deleted',
  '/import-splitwise',
  '/activity',
  '/calendar',
  '/add-event',
  '/messages',
  '/dashboard',
  '/settings',
  // The member's own listings: Browse also shows listings other tests' users typed (any text).
  '/roommates?tab=my',
  '/add-listing',
];
const GUEST_SCREENS = ['/', '/auth', '/forgot-password'];

/** Visible text nodes that are neither wrapped nor typed data, numbers or Intl's date words. */
function unwrappedText(page: Page): Promise<string[]> {
  return page.evaluate((typed) => {
    const locale = document.documentElement.lang || 'en-US';
    const dateWords = new Set<string>();
    for (let m = 0; m < 12; m++) {
      for (const month of ['long', 'short'] as const)
        dateWords.add(new Intl.DateTimeFormat(locale, { month }).format(new Date(2024, m, 1)).toLowerCase());
    }
    for (let d = 0; d < 7; d++) {
      for (const weekday of ['long', 'short', 'narrow'] as const)
        dateWords.add(
          new Intl.DateTimeFormat(locale, { weekday }).format(new Date(2024, 0, 1 + d)).toLowerCase(),
        );
    }
    for (const word of ['am', 'pm']) dateWords.add(word);
    const pseudo = /[\u00c0-\u024f\u1e00-\u1eff]|\[!!|!!\]/;
    const found: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = (node.textContent ?? '').trim();
      const parent = node.parentElement;
      if (!text || !parent || parent.closest('script, style, option, [aria-hidden="true"]')) continue;
      if (!parent.checkVisibility() || parent.getClientRects().length === 0) continue;
      // A message with values or markup inside: the wrapper is on a text node of the same block.
      const block = parent.closest('p, li, h1, h2, h3, h4, button, a, label, span, div, td, th, dt, dd');
      if (pseudo.test(text) || (block && pseudo.test(block.textContent ?? ''))) continue;
      // E-mail addresses, ids and invite codes (8 capitals and digits) are data too.
      let rest = text.replace(/\s+/g, ' ').replace(/\S+@\S+|[0-9a-f]{8}-[0-9a-f-]{27}|\b[A-Z0-9]{8}\b/g, ' ');
      for (const data of typed) rest = rest.split(data).join(' ');
      const words = rest.match(/\p{L}+/gu) ?? [];
      // Initials, currency codes and invite codes are capitals, never words.
      const strange = words.filter((w) => !dateWords.has(w.toLowerCase()) && !/^[A-Z0-9]{2,8}$/.test(w));
      if (strange.length > 0) found.push(`${text} [${strange.join(' ')}]`);
    }
    return found;
  }, TYPED);
}

async function check(page: Page, path: string): Promise<string[]> {
  await page.goto(`${path}${path.includes('?') ? '&' : '?'}lang=pseudo`);
  await page.locator('main, [role="main"]').first().waitFor();
  // The screen's own words are there once its first wrapped heading is.
  await page.getByRole('heading').first().waitFor();
  await page.waitForLoadState('networkidle');
  return (await unwrappedText(page)).map((text) => `${path}: ${text}`);
}

describe('the pseudo-locale', () => {
  it('wraps every word on the screens a guest sees', async () => {
    const context = await files.newContext(baseUrl);
    const page = await context.newPage();
    const found: string[] = [];
    for (const path of GUEST_SCREENS) found.push(...(await check(page, path)));
    expect(found.join('\n')).toBe('');
  });

  it('wraps every word on the screens of a household with chores, expenses, events and messages', async () => {
    const context = await files.newContext(baseUrl);
    const other = await files.newContext(baseUrl);
    for (const [ctx, firstName] of [
      [context, 'Ada'],
      [other, 'Bea'],
    ] as const) {
      const response = await ctx.request.post('/api/register', {
        data: {
          email: uniqueEmail(firstName.toLowerCase()),
          password: PASSWORD,
          confirmPassword: PASSWORD,
          firstName,
          lastName: 'Example',
        },
      });
      expect(response.status()).toBe(201);
    }
    const household = await createHousehold({ context }, 'Pseudo Place');
    await joinHousehold({ context: other }, household.inviteCode);
    const members = (await (await context.request.get('/api/households/current')).json()).members as {
      userId: string;
    }[];
    const ids = members.map((m) => m.userId);
    const seed: [string, unknown][] = [
      [
        '/api/chores',
        { title: 'Bins out', assignedTo: ids[1], dueDate: new Date(Date.now() + 86_400_000).toISOString() },
      ],
      [
        '/api/expenses',
        {
          expense: { title: 'Pizza night', amount: '30.00', paidBy: ids[0], splitType: 'equal' },
          splits: ids.map((userId) => ({ userId, amount: '0' })),
        },
      ],
      ['/api/messages', { content: 'Pizza night' }],
    ];
    for (const [url, data] of seed) {
      const response = await context.request.post(url, { data });
      expect(response.status(), `${url}: ${await response.text()}`).toBeLessThan(300);
    }
    const photo = await sharp({
      create: { width: 64, height: 48, channels: 3, background: '#8ab' },
    })
      .jpeg()
      .toBuffer();
    const listing = await context.request.post('/api/roommate-listings', {
      data: {
        title: 'Pseudo Loft',
        rent: '500',
        utilities: '50',
        country: 'US',
        postcode: '62701',
        // A city of its own: home shows the household's city's listings, and other files put
        // theirs (their titles are data, not words to wrap) on the same board.
        city: 'Pseudoville',
        lifestylePreferences: ['quiet'],
        amenities: ['WiFi', 'Laundry'],
        images: [`data:image/jpeg;base64,${photo.toString('base64')}`],
      },
    });
    expect(listing.status(), await listing.text()).toBe(201);
    const listingId = ((await listing.json()) as { id: string }).id;
    const page = await context.newPage();
    // Home first: it tells the server the browser's time zone.
    await page.goto('/');
    const found: string[] = [];
    for (const path of [...MEMBER_SCREENS, `/listings/${listingId}`])
      found.push(...(await check(page, path)));
    expect(found.join('\n')).toBe('');
  });
});
