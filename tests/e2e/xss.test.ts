import type { APIRequestContext, BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, inject, it } from 'vitest';
import { dayKeyIn } from '../../src/shared/calendar/days.ts';
import { eventTimes } from '../../src/shared/calendar/schemas.ts';
import { uniqueEmail } from './helpers.ts';
import { browserPerFile, createHousehold, joinHousehold, openLive } from './setup.ts';

/**
 * Stored XSS (issue 11): classic payloads in every text field a user can fill, then every screen
 * that shows them. Each payload must read as text, no element it describes may exist in the DOM,
 * and `window.__xss` is never set, nor a dialog opened. The CSP would block inline handlers
 * anyway; the DOM checks prove the escaping itself.
 */

const baseUrl = inject('baseUrl');
const PASSWORD = 'no-scripts-in-my-house-1';
const TIME_ZONE = 'Europe/Berlin';
const browser = browserPerFile();

const IMG = '<img src=x onerror=window.__xss=1>';
const SCRIPT = '<script>window.__xss=1</script>';
const JS_URL = 'javascript:window.__xss=1';
const SVG = '"><svg onload=window.__xss=1>';

/** A payload tagged with the field it sits in, so a screen's text can be matched field by field. */
const p = (tag: string, payload: string) => `${tag} ${payload}`;

const fields = {
  firstName: p('F1', SVG),
  lastName: p('L1', IMG),
  memberFirst: p('F2', SCRIPT),
  household: p('H1', SVG),
  choreTitle: p('C1', IMG),
  choreDescription: p('C2', SCRIPT),
  choreNotes: p('C3', SVG),
  subtask1: p('C4', JS_URL),
  subtask2: p('C5', IMG),
  expenseTitle: p('E1', SCRIPT),
  expenseDescription: p('E2', IMG),
  eventTitle: p('V1', SVG),
  eventLocation: p('V2', IMG),
  eventDescription: p('V3', SCRIPT),
  message: `M1 ${IMG} ${SCRIPT} ${SVG} ${JS_URL}`,
  listingTitle: p('R1', IMG),
  listingDescription: p('R2', SCRIPT),
  listingContact: JS_URL,
  listingLocation: p('R4', SVG),
};

/** registerMember derives the e-mail from the first name, which here is a payload. */
async function register(context: BrowserContext, firstName: string, lastName = 'Example') {
  const response = await context.request.post('/api/register', {
    data: { email: uniqueEmail('xss'), password: PASSWORD, confirmPassword: PASSWORD, firstName, lastName },
  });
  expect(response.status(), await response.text()).toBe(201);
  const { id } = (await response.json()) as { id: string };
  return { id, context, page: await context.newPage() };
}

async function ok(request: APIRequestContext, method: 'post' | 'patch', url: string, data: unknown) {
  const response = await request[method](url, { data });
  expect(response.status(), `${url}: ${await response.text()}`).toBeLessThan(300);
  return (await response.json()) as Record<string, unknown> & { id: string };
}

/** Nothing ran and nothing was injected; each expected payload reads as text (or as a field's value). */
async function expectInert(page: Page, screen: string, expected: string[], dialogs: string[]) {
  for (const text of expected) {
    await expect
      .poll(
        () =>
          page.evaluate(() =>
            [
              document.body.innerText,
              ...[...document.querySelectorAll('input, textarea')].map(
                (field) => (field as HTMLInputElement).value,
              ),
            ].join('\n'),
          ),
        {
          message: `${screen}: ${text}`,
          timeout: 10_000,
        },
      )
      .toContain(text);
  }
  const found = await page.evaluate(() => ({
    xss: (window as unknown as { __xss?: unknown }).__xss,
    injected: [
      // The page's own inline script (the theme, in the head) is the only one it may hold.
      ...document.body.querySelectorAll(
        'img[src="x"], [onerror], [onload], svg[onload], script:not([src]), a[href^="javascript:" i], iframe',
      ),
    ].map((element) => element.outerHTML.slice(0, 120)),
  }));
  expect(found.xss, screen).toBeUndefined();
  expect(found.injected, screen).toEqual([]);
  expect(dialogs, screen).toEqual([]);
}

describe('stored XSS', () => {
  it('shows every payload as text on every screen and runs none of them', async () => {
    const adaContext = await browser.newContext(baseUrl, { timezoneId: TIME_ZONE });
    await adaContext.addInitScript(() => localStorage.setItem('onboarding_completed', 'true'));
    const ada = await register(adaContext, fields.firstName, fields.lastName);
    const beaContext = await browser.newContext(baseUrl, { timezoneId: TIME_ZONE });
    const bea = await register(beaContext, fields.memberFirst);
    const household = await createHousehold(ada, fields.household);
    await joinHousehold(bea, household.inviteCode);
    const api = ada.context.request;

    const today = dayKeyIn(Date.now(), TIME_ZONE);
    const chore = await ok(api, 'post', '/api/chores', {
      title: fields.choreTitle,
      description: fields.choreDescription,
      notes: fields.choreNotes,
      subtasks: [fields.subtask1, fields.subtask2],
      assignedTo: ada.id,
      dueDate: new Date(Date.now() + 2 * 3_600_000).toISOString(),
      timeZone: TIME_ZONE,
    });
    await ok(api, 'post', '/api/expenses', {
      expense: {
        title: fields.expenseTitle,
        description: fields.expenseDescription,
        amount: '30.00',
        paidBy: ada.id,
      },
      splits: [ada.id, bea.id].map((userId) => ({ userId, amount: '15.00' })),
    });
    await ok(api, 'post', '/api/calendar', {
      title: fields.eventTitle,
      location: fields.eventLocation,
      description: fields.eventDescription,
      // All day today, where the browser is: an event an hour from now falls on tomorrow late
      // in the evening, and neither the home screen nor today's calendar page would show it.
      allDay: true,
      startDate: new Date(eventTimes({ startDate: today, allDay: true }, TIME_ZONE).start).toISOString(),
      timeZone: TIME_ZONE,
    });
    await ok(bea.context.request, 'post', '/api/messages', { content: fields.message });
    const photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#cc6633' } })
      .jpeg()
      .toBuffer();
    const listing = await ok(api, 'post', '/api/roommate-listings', {
      title: fields.listingTitle,
      description: fields.listingDescription,
      contactInfo: fields.listingContact,
      location: fields.listingLocation,
      city: 'Springfield',
      country: 'US',
      postcode: '62701',
      rent: 600,
      images: [`data:image/jpeg;base64,${photo.toString('base64')}`],
    });
    expect(chore.title).toBe(fields.choreTitle);

    const page = ada.page;
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(`${dialog.type()}: ${dialog.message()}`);
      void dialog.dismiss();
    });

    await openLive(page, '/');
    await expectInert(
      page,
      'home',
      [fields.firstName, fields.household, fields.choreTitle, fields.eventTitle, fields.memberFirst],
      dialogs,
    );

    await page.goto('/chores');
    const expand = page.getByRole('button', { name: fields.choreTitle, exact: true });
    await expand.click();
    expect(await expand.getAttribute('aria-expanded')).toBe('true');
    await expectInert(
      page,
      'chores (expanded card)',
      [fields.choreTitle, fields.choreDescription, fields.choreNotes, fields.subtask1, fields.subtask2],
      dialogs,
    );

    await page.goto('/expenses');
    await expectInert(page, 'expenses', [fields.expenseTitle], dialogs);

    await page.goto(`/calendar?date=${today}`);
    await expectInert(page, 'calendar day panel', [fields.eventTitle], dialogs);
    await page
      .getByRole('button', { name: new RegExp(fields.eventTitle.slice(0, 2)) })
      .first()
      .click();
    await expectInert(page, 'calendar event', [fields.eventTitle, fields.eventLocation], dialogs);

    await page.goto('/messages');
    await expectInert(page, 'chat', [fields.message, fields.memberFirst], dialogs);

    await page.goto('/dashboard');
    await page.getByRole('heading', { name: 'Household Dashboard', level: 1 }).waitFor();
    await expectInert(page, 'dashboard', [], dialogs);

    await page.goto('/roommates');
    await expectInert(page, 'roommates', [fields.listingTitle], dialogs);
    await page.goto(`/listings/${listing.id}`);
    await expectInert(
      page,
      'listing detail',
      [fields.listingTitle, fields.listingDescription, fields.listingLocation],
      dialogs,
    );

    await page.goto('/settings');
    await expectInert(page, 'settings', [fields.household, fields.firstName, fields.lastName], dialogs);

    // Only someone else sees a listing's contact: a javascript: URL must stay text, not a link.
    const other = bea.page;
    const otherDialogs: string[] = [];
    other.on('dialog', (dialog) => {
      otherDialogs.push(`${dialog.type()}: ${dialog.message()}`);
      void dialog.dismiss();
    });
    await other.goto(`/listings/${listing.id}`);
    await expectInert(
      other,
      'listing detail, seen by another user',
      [fields.listingTitle, fields.listingContact],
      otherDialogs,
    );
  });
});
