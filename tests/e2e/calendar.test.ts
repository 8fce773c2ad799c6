import { TZDate } from '@date-fns/tz';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import {
  addDaysToKey,
  addMonthsToMonth,
  dayButtonLabel,
  dayKeyIn,
  dayPanelTitle,
  monthOf,
  monthTitle,
  weekdayDate,
} from '../../src/shared/calendar/days.ts';
import { watchPageErrors } from './helpers.ts';
import {
  browserPerFile,
  createHousehold,
  expectAccessible,
  expectAccessibleInBothThemes,
  holdPostsThenFail,
  joinHousehold,
  type Member,
  openLive,
  registerMember,
  SERVER_DOWN,
} from './setup.ts';

const baseUrl = inject('baseUrl');
const PASSWORD = 'fridge-calendar-2024';
// A fixed zone, so that the days the test expects are the ones the browser shows.
const TIME_ZONE = 'Europe/Berlin';
const browser = browserPerFile();

/** A signed-in user in a fresh context, registered through the API. */
async function member(firstName: string): Promise<Member> {
  const context = await browser.newContext(baseUrl, { timezoneId: TIME_ZONE });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
  return registerMember(context, { firstName, password: PASSWORD });
}

/** Ada at a given window width, with a household of her own. */
async function adaAt(width: number): Promise<Member> {
  const context = await browser.newContext(baseUrl, {
    timezoneId: TIME_ZONE,
    viewport: { width, height: 800 },
  });
  const ada = await registerMember(context, { firstName: 'Ada', password: PASSWORD });
  await createHousehold(ada, 'Linden House');
  return ada;
}

/** Ada's household, and Bea in it when asked. */
async function household(withBea: boolean): Promise<{ ada: Member; bea: Member | null }> {
  const ada = await member('Ada');
  const { inviteCode } = await createHousehold(ada, 'Linden House');
  if (!withBea) return { ada, bea: null };
  const bea = await member('Bea');
  await joinHousehold(bea, inviteCode);
  return { ada, bea };
}

const today = () => dayKeyIn(Date.now(), TIME_ZONE);

/** Midnight at the start of a day in the test's zone, as the API writes instants. */
function midnight(day: string): number {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new TZDate(y, m - 1, d, 0, 0, 0, TIME_ZONE).getTime();
}
const iso = (ms: number) => new Date(ms).toISOString();

const dayButton = (page: Page, day: string) => page.locator(`button[data-day="${day}"]`);
// A month cell: its day button and, from md, the titles over it.
const dayCell = (page: Page, day: string) => page.locator(`td:has(> button[data-day="${day}"])`);
const panel = (page: Page, day: string) =>
  page.getByRole('region', { name: dayPanelTitle(day, today()), exact: true });
const eventButton = (page: Page, day: string, title: string) =>
  panel(page, day).getByRole('button', { name: new RegExp(title) });

const isCalendarWrite =
  (method: string) => (response: { url(): string; request(): { method(): string } }) => {
    const path = new URL(response.url()).pathname;
    return (
      (path === '/api/calendar' || path.startsWith('/api/calendar-events/')) &&
      response.request().method() === method
    );
  };

/** Moves the selection with a key from the selected (focused) day, and waits for the new day's panel. */
async function press(page: Page, from: string, key: string, to: string): Promise<void> {
  await dayButton(page, from).focus();
  await page.keyboard.press(key);
  await page.waitForURL(`${baseUrl}/calendar?date=${to}`);
  await panel(page, to).waitFor();
  // The focus follows the selection.
  await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-day'))).toBe(to);
}

describe('calendar', () => {
  it('creates a weekly all-day and a timed event, shows them live to the other member, edits, deletes one occurrence and shares the feed', async () => {
    const { ada, bea } = await household(true);
    const a = ada.page;
    const b = bea!.page;
    const aErrors = watchPageErrors(a);
    const bErrors = watchPageErrors(b);
    const now = today();
    const weekly = addDaysToKey(now, 1);
    const timed = addDaysToKey(now, 2);

    // Bea watches the timed event's day; the weekly event's day is on the same grid.
    await openLive(b, `/calendar?date=${timed}`);
    await panel(b, timed).getByText('No events scheduled').waitFor();

    // Ada's calendar opens on today, empty.
    await openLive(a, '/calendar');
    await a.getByRole('heading', { name: 'Calendar', level: 1 }).waitFor();
    await a.getByText('Your household schedule').waitFor();
    await a.getByRole('heading', { name: 'Today', level: 2 }).waitFor();
    await a.getByRole('heading', { name: monthTitle(monthOf(now)), level: 2 }).waitFor();
    await panel(a, now).getByText('No events scheduled').waitFor();
    await panel(a, now).getByText('This day is completely free').waitFor();
    expect(await dayButton(a, now).getAttribute('aria-current')).toBe('date');
    expect(await dayButton(a, now).getAttribute('tabindex')).toBe('0');
    const columns = await a.getByRole('columnheader').allTextContents();
    expect(columns).toEqual(['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']);
    expect(await panel(a, now).getByRole('link', { name: 'Create an Event' }).getAttribute('href')).toBe(
      `/add-event?date=${now}`,
    );
    await expectAccessibleInBothThemes(a);

    // The right arrow selects tomorrow (in the next month too), and Add Event opens on that day.
    await press(a, now, 'ArrowRight', weekly);
    await a.getByRole('heading', { name: dayPanelTitle(weekly, now), level: 2 }).waitFor();
    await a.getByRole('link', { name: 'Add Event' }).click();
    await a.waitForURL(`${baseUrl}/add-event?date=${weekly}`);
    await a.getByRole('heading', { name: 'New Event', level: 1 }).waitFor();
    // Back returns to the day it was opened on.
    expect(await a.getByRole('link', { name: 'Back to calendar' }).getAttribute('href')).toBe(
      `/calendar?date=${weekly}`,
    );
    // The form's defaults (docs/calendar.md): the chosen day, a meeting in blue, 15 minutes before,
    // no repeat, Ada attending.
    expect(await a.getByLabel('Start date').inputValue()).toBe(weekly);
    expect(await a.getByLabel('End date').inputValue()).toBe(weekly);
    expect(await a.getByLabel('Event type').inputValue()).toBe('meeting');
    expect(await a.getByRole('radio', { name: 'Blue' }).isChecked()).toBe(true);
    expect(await a.getByLabel('Reminder').inputValue()).toBe('15min');
    expect(await a.getByLabel('Repeats').inputValue()).toBe('none');
    expect(await a.getByRole('checkbox', { name: 'Ada E. (you)' }).isChecked()).toBe(true);
    expect(await a.getByRole('checkbox', { name: 'Bea E.' }).isChecked()).toBe(false);
    expect(await a.getByRole('radio').count()).toBe(10);
    expect(await a.getByLabel('Event type').locator('option').count()).toBe(12);
    await expectAccessibleInBothThemes(a);

    // The floating header changes style once the page has scrolled past 10 px.
    expect(await a.locator('header[data-scrolled]').getAttribute('data-scrolled')).toBe('false');
    await a.evaluate(() => window.scrollTo(0, 200));
    await a.locator('header[data-scrolled="true"]').waitFor();
    await a.evaluate(() => window.scrollTo(0, 0));
    await a.locator('header[data-scrolled="false"]').waitFor();

    // The weekly all-day event: the all-day switch hides the times; the type sets the colour,
    // which can still be changed.
    await a.getByLabel('Title').fill(' Bins out ');
    const allDay = a.getByRole('switch', { name: 'All day' });
    await allDay.click();
    expect(await allDay.getAttribute('aria-checked')).toBe('true');
    expect(await a.getByLabel('Start time').count()).toBe(0);
    await a.getByLabel('Event type').selectOption('birthday');
    expect(await a.getByRole('radio', { name: 'Pink' }).isChecked()).toBe(true);
    await a.getByLabel('Event type').selectOption('reminder');
    expect(await a.getByRole('radio', { name: 'Grey' }).isChecked()).toBe(true);
    await a.getByRole('radio', { name: 'Teal' }).check();
    await a.getByLabel('Location').fill('Front door');
    await a.getByRole('checkbox', { name: 'Bea E.' }).check();
    await a.getByLabel('Repeats').selectOption('weekly');
    await a.getByLabel('Reminder').selectOption('1day');
    await a.getByLabel('Notes').fill('Green bin on odd weeks.');
    const [weeklyResponse] = await Promise.all([
      a.waitForResponse(isCalendarWrite('POST')),
      a.getByRole('button', { name: 'Create Event' }).click(),
    ]);
    expect(weeklyResponse.status()).toBe(201);
    expect(weeklyResponse.request().postDataJSON()).toEqual({
      title: 'Bins out',
      description: null,
      startDate: iso(midnight(weekly)),
      endDate: iso(midnight(addDaysToKey(weekly, 1)) - 1000),
      eventType: 'reminder',
      allDay: true,
      location: 'Front door',
      recurrence: 'weekly',
      reminder: '1day',
      color: '#14B8A6',
      attendees: [ada.id, bea!.id],
      notes: 'Green bin on odd weeks.',
      timeZone: TIME_ZONE,
    });
    await a.waitForURL(`${baseUrl}/calendar?date=${weekly}`);
    await eventButton(a, weekly, 'Bins out').getByText('All day').waitFor();
    await eventButton(a, weekly, 'Bins out').getByText('Front door').waitFor();
    // On Bea's screen without a reload: the day's button now names the event.
    await b.locator(`button[data-day="${weekly}"][aria-label$=", 1 event"]`).waitFor();

    // The timed event, moved to the next day: the end date follows the start date and the first
    // start time fills the end time an hour later.
    await a.getByRole('link', { name: 'Add Event' }).click();
    await a.waitForURL(`${baseUrl}/add-event?date=${weekly}`);
    await a.getByLabel('Title').fill('House meeting');
    await a.getByLabel('Description').fill('Rota, bills and the broken kettle.');
    await a.getByLabel('Start date').fill(timed);
    expect(await a.getByLabel('End date').inputValue()).toBe(timed);
    await a.getByLabel('Start time').fill('18:30');
    expect(await a.getByLabel('End time').inputValue()).toBe('19:30');
    await a.getByLabel('Event type').selectOption('social');
    expect(await a.getByRole('radio', { name: 'Amber' }).isChecked()).toBe(true);
    await expectAccessible(a);
    const [timedResponse] = await Promise.all([
      a.waitForResponse(isCalendarWrite('POST')),
      a.getByRole('button', { name: 'Create Event' }).click(),
    ]);
    expect(timedResponse.status()).toBe(201);
    const timedStart = midnight(timed) + 18.5 * 3_600_000;
    expect(timedResponse.request().postDataJSON()).toMatchObject({
      title: 'House meeting',
      startDate: iso(timedStart),
      endDate: iso(timedStart + 3_600_000),
      allDay: false,
      eventType: 'social',
      color: '#F59E0B',
      recurrence: null,
      reminder: '15min',
      attendees: [ada.id],
    });
    await a.waitForURL(`${baseUrl}/calendar?date=${timed}`);
    await eventButton(a, timed, 'House meeting').getByText('6:30 PM – 7:30 PM').waitFor();

    // Both days carry a dot and name their events; the weekly one repeats a week later.
    expect(await dayButton(a, timed).getAttribute('aria-label')).toBe(
      dayButtonLabel(timed, { events: 1, chores: 0, bills: 0 }),
    );
    expect(await dayButton(a, timed).getAttribute('aria-label')).toMatch(
      /^\w+day, \w+ \d{1,2}, \d{4}, 1 event$/,
    );
    expect(await dayButton(a, weekly).getAttribute('aria-label')).toMatch(/, 1 event$/);
    expect(await dayButton(a, weekly).locator('[data-mark="event"]').count()).toBe(1);
    expect(await dayButton(a, now).locator('[data-mark="event"]').count()).toBe(0);
    // A day's dot is drawn in its event's colour (teal here), not the calendar's blue.
    expect(
      await dayButton(a, weekly)
        .locator('[data-mark="event"]')
        .evaluate((dot) => getComputedStyle(dot).backgroundColor),
    ).toBe('rgb(20, 184, 166)');

    // Bea sees the timed event in her day panel without a reload.
    await eventButton(b, timed, 'House meeting').getByText('6:30 PM – 7:30 PM').waitFor();

    // Its details, then an edit that Bea sees too.
    await eventButton(a, timed, 'House meeting').click();
    const details = a.getByRole('dialog', { name: 'House meeting' });
    await details.waitFor();
    for (const text of [
      'Social',
      'Amber',
      'Rota, bills and the broken kettle.',
      'Ada E.',
      'Does not repeat',
      '15 minutes before',
    ]) {
      await details.getByText(text, { exact: true }).waitFor();
    }
    await details.getByText(/ · 6:30 PM – 7:30 PM$/).waitFor();
    await expectAccessibleInBothThemes(a);
    await details.getByRole('button', { name: 'Edit' }).click();
    const editor = a.getByRole('dialog', { name: 'Edit event' });
    await editor.waitFor();
    expect(await editor.getByLabel('Start time').inputValue()).toBe('18:30');
    await editor.getByLabel('Title').fill('House meeting (kitchen)');
    await editor.getByLabel('Location').fill('Kitchen');
    await editor.getByLabel('End time').fill('20:00');
    await expectAccessible(a);
    const [edited] = await Promise.all([
      a.waitForResponse(isCalendarWrite('PATCH')),
      editor.getByRole('button', { name: 'Save changes' }).click(),
    ]);
    expect(edited.status()).toBe(200);
    expect(edited.request().postDataJSON()).toEqual({
      title: 'House meeting (kitchen)',
      startDate: iso(timedStart),
      endDate: iso(timedStart + 1.5 * 3_600_000),
      location: 'Kitchen',
    });
    await editor.waitFor({ state: 'hidden' });
    await eventButton(a, timed, 'House meeting \\(kitchen\\)').getByText('6:30 PM – 8:00 PM').waitFor();
    await eventButton(b, timed, 'House meeting \\(kitchen\\)')
      .getByText('Kitchen', { exact: true })
      .waitFor();

    // A week after the weekly event (down a row, left a day): the next occurrence.
    const nextWeek = addDaysToKey(weekly, 7);
    await press(a, timed, 'ArrowDown', addDaysToKey(timed, 7));
    await press(a, addDaysToKey(timed, 7), 'ArrowLeft', nextWeek);
    await eventButton(a, nextWeek, 'Bins out').click();
    const occurrence = a.getByRole('dialog', { name: 'Bins out' });
    await occurrence.getByText('Weekly', { exact: true }).waitFor();
    await occurrence.getByText(/ · All day$/).waitFor();
    await occurrence.getByText('Ada E., Bea E.', { exact: true }).waitFor();
    await occurrence.getByRole('button', { name: 'Delete' }).click();
    const confirm = a.getByRole('dialog', { name: 'Delete "Bins out"?' });
    await confirm.waitFor();
    expect(await a.evaluate(() => document.activeElement?.textContent)).toBe('Cancel');
    await expectAccessible(a);
    const [deleted] = await Promise.all([
      a.waitForResponse(isCalendarWrite('DELETE')),
      confirm.getByRole('button', { name: 'Delete this occurrence' }).click(),
    ]);
    expect(deleted.status()).toBe(204);
    expect(new URL(deleted.url()).searchParams.get('occurrence')).toBe(iso(midnight(nextWeek)));
    await confirm.waitFor({ state: 'hidden' });
    await panel(a, nextWeek).getByText('No events scheduled').waitFor();
    await panel(a, nextWeek).getByText('This day is completely free').waitFor();
    expect(await dayButton(a, nextWeek).getAttribute('aria-label')).not.toMatch(/event/);
    await expectAccessibleInBothThemes(a);

    // The week after still has it, and so does the first day.
    const weekAfter = addDaysToKey(nextWeek, 7);
    await press(a, nextWeek, 'ArrowDown', weekAfter);
    await eventButton(a, weekAfter, 'Bins out').waitFor();
    await a.goto(`/calendar?date=${weekly}`);
    await eventButton(a, weekly, 'Bins out').waitFor();

    // Settings: the feed link, copied, serves both events; a reset link replaces it.
    await a.goto('/settings');
    const feedCard = a.getByRole('region', { name: 'Calendar feed' });
    await feedCard.getByText(/Subscribe in your calendar app/).waitFor();
    const link = feedCard.getByLabel('Calendar link');
    await feedCard.getByRole('button', { name: 'Copy link' }).waitFor();
    const url = await link.inputValue();
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/calendar\/feed\/[A-Za-z0-9_-]+\.ics$/);
    expect(await link.getAttribute('readonly')).not.toBeNull();
    await feedCard.getByRole('button', { name: 'Copy link' }).click();
    const copied = feedCard.getByRole('status').filter({ hasText: /^Copied$/ });
    await copied.waitFor();
    expect(await a.evaluate(() => navigator.clipboard.readText())).toBe(url);
    await copied.waitFor({ state: 'detached' });
    await expectAccessibleInBothThemes(a);

    const ics = await a.request.get(url);
    expect(ics.status()).toBe(200);
    expect(ics.headers()['content-type']).toMatch(/^text\/calendar/);
    const body = await ics.text();
    expect(body).toContain('SUMMARY:Bins out');
    expect(body).toContain('SUMMARY:House meeting (kitchen)');
    expect(body).toContain('RRULE:FREQ=WEEKLY');
    expect(body).toContain('EXDATE');

    await feedCard.getByRole('button', { name: 'Reset link' }).click();
    const resetDialog = a.getByRole('dialog', { name: 'Reset the calendar link?' });
    await resetDialog.waitFor();
    await expectAccessible(a);
    const [reset] = await Promise.all([
      a.waitForResponse((r) => r.url().endsWith('/api/calendar/feed/reset')),
      resetDialog.getByRole('button', { name: 'Reset link' }).click(),
    ]);
    expect(reset.status()).toBe(200);
    await resetDialog.waitFor({ state: 'hidden' });
    await expect.poll(() => link.inputValue()).not.toBe(url);
    const newUrl = await link.inputValue();
    expect(newUrl).toMatch(/\.ics$/);
    expect((await a.request.get(url)).status()).toBe(404);
    expect((await a.request.get(newUrl)).status()).toBe(200);

    aErrors.assertNone();
    bErrors.assertNone();
  });

  it('checks the form, keeps it when the server refuses, changes month by buttons, keys and swipe, and marks chores and bills', async () => {
    const { ada } = await household(false);
    const a = ada.page;
    // 500: the refused create below.
    const aErrors = watchPageErrors(a, [500]);
    const now = today();
    await a.goto('/add-event');
    await a.getByRole('heading', { name: 'New Event', level: 1 }).waitFor();
    expect(await a.getByLabel('Start date').inputValue()).toBe(now);

    // Only the title is required; nothing is sent without it.
    const posts: string[] = [];
    a.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/api/calendar')) posts.push(request.url());
    });
    await a.getByLabel('Title').fill('   ');
    await a.getByRole('button', { name: 'Create Event' }).click();
    await a.getByText('Title is required').waitFor();
    expect(await a.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('title');
    await expectAccessible(a);
    await a.getByLabel('Title').fill('Movie night');
    await a.getByText('Title is required').waitFor({ state: 'detached' });
    expect(posts).toEqual([]);

    // A late start wraps the end past midnight onto the next day.
    await a.getByLabel('Start time').fill('23:30');
    expect(await a.getByLabel('End time').inputValue()).toBe('00:30');
    expect(await a.getByLabel('End date').inputValue()).toBe(addDaysToKey(now, 1));
    await a.getByLabel('Location').fill('Living room');

    // The server refuses once; the button says 'Creating...' meanwhile and the form stays.
    const release = await holdPostsThenFail(a, '**/api/calendar');
    await a.getByRole('button', { name: 'Create Event' }).click();
    const pending = a.getByRole('button', { name: 'Creating...' });
    await pending.waitFor();
    expect(await pending.isDisabled()).toBe(true);
    release();
    const failure = a.getByRole('alert').filter({ hasText: 'Unable to create event' });
    await failure.waitFor();
    expect(await failure.textContent()).toContain(SERVER_DOWN);
    expect(await a.getByLabel('Title').inputValue()).toBe('Movie night');
    expect(await a.getByLabel('Location').inputValue()).toBe('Living room');
    await expectAccessible(a);
    await a.unroute('**/api/calendar');

    const [created] = await Promise.all([
      a.waitForResponse(isCalendarWrite('POST')),
      a.getByRole('button', { name: 'Create Event' }).click(),
    ]);
    expect(created.status()).toBe(201);
    const start = midnight(now) + 23.5 * 3_600_000;
    expect(created.request().postDataJSON()).toMatchObject({
      title: 'Movie night',
      startDate: iso(start),
      endDate: iso(start + 3_600_000),
    });
    await a.waitForURL(`${baseUrl}/calendar?date=${now}`);
    await a.getByRole('heading', { name: 'Today', level: 2 }).waitFor();
    await eventButton(a, now, 'Movie night').getByText('From 11:30 PM').waitFor();
    await eventButton(a, now, 'Movie night').getByText('Living room').waitFor();
    expect(await dayButton(a, now).getAttribute('aria-label')).toMatch(/, 1 event$/);

    // Next and previous month: the 1st of another month, today in this one.
    const month = monthOf(now);
    const next = addMonthsToMonth(month, 1);
    await a.getByRole('button', { name: 'Next month' }).click();
    await a.waitForURL(`${baseUrl}/calendar?date=${next}-01`);
    await a.getByRole('heading', { name: monthTitle(next), level: 2 }).waitFor();
    await a.getByRole('heading', { name: dayPanelTitle(`${next}-01`, now), level: 2 }).waitFor();
    await a.getByRole('button', { name: 'Previous month' }).click();
    await a.waitForURL(`${baseUrl}/calendar?date=${now}`);
    await a.getByRole('heading', { name: 'Today', level: 2 }).waitFor();

    // Page Down moves a month by keyboard; a swipe to the left shows the month after.
    await dayButton(a, now).focus();
    await a.keyboard.press('PageDown');
    await a.getByRole('heading', { name: monthTitle(next), level: 2 }).waitFor();
    const area = await a.getByTestId('period-swipe-area').boundingBox();
    if (!area) throw new Error('The month grid is not on screen');
    const y = area.y + area.height / 2;
    await a.mouse.move(area.x + area.width - 20, y);
    await a.mouse.down();
    await a.mouse.move(area.x + 20, y, { steps: 5 });
    await a.mouse.up();
    const afterNext = addMonthsToMonth(month, 2);
    await a.getByRole('heading', { name: monthTitle(afterNext), level: 2 }).waitFor();
    await a.waitForURL(`${baseUrl}/calendar?date=${afterNext}-01`);
    await a.getByRole('heading', { name: dayPanelTitle(`${afterNext}-01`, now), level: 2 }).waitFor();

    // A chore due and a monthly bill show on their day with their own mark, beside no event.
    const later = addDaysToKey(now, 3);
    const chore = await a.request.post('/api/chores', {
      data: {
        title: 'Descale the kettle',
        assignedTo: ada.id,
        dueDate: iso(midnight(later) + (23 * 60 + 59) * 60_000),
        timeZone: TIME_ZONE,
      },
    });
    expect(chore.status()).toBe(201);
    const bill = await a.request.post('/api/expenses', {
      data: {
        expense: {
          title: 'Internet',
          amount: '30.00',
          category: 'internet',
          date: later,
          paidBy: ada.id,
          isRecurring: true,
          recurringInterval: 'monthly',
        },
        splits: [{ userId: ada.id, amount: '30.00' }],
      },
    });
    expect(bill.status()).toBe(201);
    await a.goto(`/calendar?date=${later}`);
    const laterPanel = panel(a, later);
    await laterPanel.getByText('Descale the kettle').waitFor();
    await laterPanel.getByText('Any time · To Do').waitFor();
    await laterPanel.getByText('Internet').waitFor();
    await laterPanel.getByText('$30.00').waitFor();
    await laterPanel.getByText('No events scheduled').waitFor();
    expect(await laterPanel.getByText('This day is completely free').count()).toBe(0);
    expect(await dayButton(a, later).getAttribute('aria-label')).toMatch(/\d{4}, 1 chore due, 1 bill$/);
    expect(await dayButton(a, later).locator('[data-mark="task"]').count()).toBe(1);
    expect(await dayButton(a, later).locator('[data-mark="event"]').count()).toBe(0);
    await expectAccessibleInBothThemes(a);

    aErrors.assertNone();
  });

  it('shows today for a ?date= that is malformed or out of range and the month for an unknown ?view=', async () => {
    const { ada } = await household(false);
    const a = ada.page;
    const errors = watchPageErrors(a);
    const today = dayKeyIn(Date.now(), TIME_ZONE);
    for (const search of ['date=9999-12-31', 'view=week&date=9999-12-31', 'date=2026-02-30', 'date=soon']) {
      await openLive(a, `/calendar?${search}`);
      await a.getByRole('heading', { name: 'Today', level: 2 }).waitFor();
    }
    await openLive(a, '/calendar?view=agenda&date=1999-12-31');
    // Today's four weeks, which the server answers (1999 is before the dates it takes).
    await a.getByText('Nothing scheduled in these four weeks').waitFor();
    await openLive(a, `/calendar?view=year&date=${today}`);
    await a.getByRole('heading', { name: monthTitle(monthOf(today)), level: 2 }).waitFor();
    expect(await a.getByRole('button', { name: 'Month', exact: true }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    errors.assertNone();
  });

  it("loads an event's edit form when its details open, not with the calendar, and says so when it cannot", async () => {
    const { ada } = await household(false);
    const a = ada.page;
    const errors = watchPageErrors(a, [], [/net::ERR_FAILED/]);
    const day = today();
    const created = await a.request.post('/api/calendar', {
      data: {
        title: 'Bike repair',
        startDate: iso(midnight(day) + 20 * 3_600_000),
        endDate: iso(midnight(day) + 21 * 3_600_000),
        timeZone: TIME_ZONE,
      },
    });
    expect(created.status()).toBe(201);
    const editCode = /\/assets\/edit-event-form-[^/]*\.js$/;
    const loaded: string[] = [];
    a.on('request', (request) => loaded.push(new URL(request.url()).pathname));
    await openLive(a, `/calendar?date=${day}`);
    await eventButton(a, day, 'Bike repair').waitFor();
    expect(loaded.filter((path) => editCode.test(path))).toEqual([]);

    // The network drops the form's code: Edit says so, and Try again loads it once it can.
    await a.route(editCode, (route) => route.abort());
    await eventButton(a, day, 'Bike repair').click();
    const dialog = a.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Edit' }).click();
    await dialog.getByRole('alert').filter({ hasText: 'The form could not load' }).waitFor();
    await a.unroute(editCode);
    await dialog.getByRole('button', { name: 'Try again' }).click();
    expect(await dialog.getByLabel('Title').inputValue()).toBe('Bike repair');
    errors.assertNone();
  });

  for (const width of [390, 1280]) {
    it(`shows the month with titles, the week in time slots and an agenda, and moves by keys, at ${width} px`, async () => {
      const ada = await adaAt(width);
      const a = ada.page;
      const errors = watchPageErrors(a);
      const wide = width >= 768;
      // The 10th of next month: not today, and the 11th is in the same month.
      const month = addMonthsToMonth(monthOf(today()), 1);
      const day = `${month}-10`;
      const hour = (h: number) => midnight(day) + h * 3_600_000;
      const events = [
        { title: 'House meeting', startDate: iso(hour(18.5)), endDate: iso(hour(19.5)), color: '#F59E0B' },
        { title: 'Film club', startDate: iso(hour(19)), endDate: iso(hour(21)), color: '#3B82F6' },
        {
          title: 'Plant watering',
          startDate: iso(midnight(day)),
          endDate: iso(midnight(addDaysToKey(day, 1)) - 1000),
          allDay: true,
          color: '#22C55E',
        },
      ];
      for (const event of events) {
        const created = await a.request.post('/api/calendar', { data: { ...event, timeZone: TIME_ZONE } });
        expect(created.status()).toBe(201);
      }
      const chore = await a.request.post('/api/chores', {
        data: {
          title: 'Descale the kettle',
          assignedTo: ada.id,
          dueDate: iso(midnight(addDaysToKey(day, 1)) + 12 * 3_600_000),
          timeZone: TIME_ZONE,
        },
      });
      expect(chore.status()).toBe(201);
      const noOverflow = () =>
        a.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

      // Month: wide cells list titles in each event's colour and outline the chore; phones show marks.
      await a.goto(`/calendar?date=${day}`);
      await a.getByRole('heading', { name: monthTitle(month), level: 2 }).waitFor();
      await panel(a, day)
        .getByRole('button', { name: /House meeting/ })
        .waitFor();
      expect(await dayButton(a, day).getAttribute('aria-label')).toBe(
        dayButtonLabel(day, { events: 3, chores: 0, bills: 0 }),
      );
      const meetingChip = dayCell(a, day).locator('[data-item="event"]', { hasText: 'House meeting' });
      const choreChip = dayCell(a, addDaysToKey(day, 1)).locator('[data-item="chore"]');
      expect(await choreChip.textContent()).toBe('Descale the kettle');
      if (wide) {
        expect(await meetingChip.isVisible()).toBe(true);
        expect(await meetingChip.evaluate((el) => getComputedStyle(el).borderLeftColor)).toBe(
          'rgb(245, 158, 11)',
        );
        const plant = dayCell(a, day).locator('[data-item="event"]', { hasText: 'Plant watering' });
        expect(await plant.evaluate((el) => getComputedStyle(el).borderLeftColor)).toBe('rgb(34, 197, 94)');
        expect(await choreChip.isVisible()).toBe(true);
        expect(await choreChip.evaluate((el) => getComputedStyle(el).borderTopStyle)).toBe('dashed');
        // The grid and the day's agenda side by side.
        const grid = await a.getByRole('grid').boundingBox();
        const dayPanel = await panel(a, day).boundingBox();
        expect(dayPanel!.x).toBeGreaterThanOrEqual(grid!.x + grid!.width);
      } else {
        expect(await meetingChip.isVisible()).toBe(false);
        // A dot for each colour among the day's events.
        expect(await dayButton(a, day).locator('[data-mark="event"]').count()).toBe(3);
        expect(await dayButton(a, day).locator('[data-mark="event"]').first().isVisible()).toBe(true);
        expect(await dayButton(a, addDaysToKey(day, 1)).locator('[data-mark="task"]').isVisible()).toBe(true);
      }
      const legend = a.getByRole('list', { name: 'Legend' });
      expect(await legend.isVisible()).toBe(true);
      expect(await legend.getByRole('listitem').allTextContents()).toEqual([
        'Event, in its colour',
        'Chore due',
        'Bill',
      ]);
      expect(await noOverflow()).toBe(true);
      await expectAccessibleInBothThemes(a);

      // Left and Right change the month when the focus is on the page, not in a field.
      await a.getByRole('heading', { name: 'Calendar', level: 1 }).click();
      await a.keyboard.press('ArrowRight');
      const monthAfter = addMonthsToMonth(month, 1);
      await a.waitForURL(`${baseUrl}/calendar?date=${monthAfter}-01`);
      await a.getByRole('heading', { name: monthTitle(monthAfter), level: 2 }).waitFor();
      await a.keyboard.press('ArrowLeft');
      await a.waitForURL(`${baseUrl}/calendar?date=${month}-01`);

      // Week: the view is in the address; the meeting sits at 6:30 PM beside the film club.
      await a.goto(`/calendar?date=${day}`);
      await a.getByRole('button', { name: 'Week', exact: true, pressed: false }).click();
      await a.waitForURL(`${baseUrl}/calendar?view=week&date=${day}`);
      const week = a.getByRole('region', { name: 'Hours of the week' });
      const meeting = week.getByRole('button', { name: /House meeting/ });
      await meeting.waitFor();
      expect(await a.getByRole('button', { name: 'Week', exact: true }).getAttribute('aria-pressed')).toBe(
        'true',
      );
      expect(await week.locator('[data-hour="18"]').textContent()).toBe('6 PM');
      const placeOf = async () => {
        const six = (await week.locator('[data-hour="18"]').boundingBox())!;
        const box = (await meeting.boundingBox())!;
        const film = (await week.getByRole('button', { name: /Film club/ }).boundingBox())!;
        return { six, box, film };
      };
      const { six, box, film } = await placeOf();
      // 6:30 is half an hour below the 6 PM line, and the two overlapping events share the column.
      expect(Math.abs(box.y - (six.y + six.height / 2))).toBeLessThan(2);
      expect(Math.abs(box.height - six.height)).toBeLessThan(2);
      expect(box.x + box.width).toBeLessThanOrEqual(film.x + 1);
      const plant = week.getByRole('button', { name: 'Plant watering' });
      // All day: in the row above the slots (which open at 7:00), not in them.
      expect(await week.locator('[data-slots]').getByRole('button', { name: 'Plant watering' }).count()).toBe(
        0,
      );
      expect((await plant.boundingBox())!.y).toBeLessThan(
        (await week.locator('[data-hour="7"]').boundingBox())!.y,
      );
      expect(await noOverflow()).toBe(true);
      await expectAccessibleInBothThemes(a);
      await meeting.click();
      const details = a.getByRole('dialog', { name: 'House meeting' });
      await details.getByText(/ · 6:30 PM – 7:30 PM$/).waitFor();
      await a.keyboard.press('Escape');
      await details.waitFor({ state: 'hidden' });

      // Arrow keys with the week focused move by a week; a reload keeps the view.
      await week.focus();
      await a.keyboard.press('ArrowRight');
      await a.waitForURL(`${baseUrl}/calendar?view=week&date=${addDaysToKey(day, 7)}`);
      await a.keyboard.press('ArrowLeft');
      await expect.poll(() => a.url()).toBe(`${baseUrl}/calendar?view=week&date=${day}`);
      await a.reload();
      await meeting.waitFor();
      expect(await a.getByRole('button', { name: 'Week', exact: true }).getAttribute('aria-pressed')).toBe(
        'true',
      );

      // An event added from the week brings the week back, on the event's day.
      await a.getByRole('link', { name: 'Add Event' }).click();
      await a.waitForURL(`${baseUrl}/add-event?view=week&date=${day}`);
      await a.getByLabel('Title').fill('Bike repair');
      await a.getByLabel('Start time').fill('08:00');
      await a.getByRole('button', { name: 'Create Event' }).click();
      await a.waitForURL(`${baseUrl}/calendar?view=week&date=${day}`);
      await week.getByRole('button', { name: /Bike repair/ }).waitFor();

      // Agenda: the coming days with their items; Back returns to the week.
      await a.getByRole('button', { name: 'Agenda', exact: true }).click();
      await a.waitForURL(`${baseUrl}/calendar?view=agenda&date=${day}`);
      const agenda = a.getByTestId('agenda');
      const first = agenda.locator(`[data-agenda-day="${day}"]`);
      await first.getByRole('heading', { name: weekdayDate(day), level: 3 }).waitFor();
      await first
        .getByRole('button', { name: /House meeting/ })
        .getByText('6:30 PM – 7:30 PM')
        .waitFor();
      await agenda
        .locator(`[data-agenda-day="${addDaysToKey(day, 1)}"]`)
        .getByText('Descale the kettle')
        .waitFor();
      expect(await noOverflow()).toBe(true);
      await expectAccessibleInBothThemes(a);
      await a.goBack();
      await a.waitForURL(`${baseUrl}/calendar?view=week&date=${day}`);
      await meeting.waitFor();

      if (!wide) {
        // The narrowest phone: month and week still fit.
        await a.setViewportSize({ width: 320, height: 700 });
        expect(await noOverflow()).toBe(true);
        await a.goto(`/calendar?date=${day}`);
        await dayButton(a, day).waitFor();
        expect(await noOverflow()).toBe(true);
      }
      errors.assertNone();
    });
  }
});
