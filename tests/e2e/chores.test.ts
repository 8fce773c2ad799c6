import { TZDate } from '@date-fns/tz';
import { addDays, format } from 'date-fns';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { pointsFor } from '../../src/shared/chores/schemas.ts';
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
const PASSWORD = 'rota-on-the-fridge-2024';
// A fixed zone, so that the due dates the test expects are the ones the browser shows.
const TIME_ZONE = 'Europe/Berlin';
const browser = browserPerFile();

/** A signed-in user in a fresh context, registered through the API. */
async function member(firstName: string): Promise<Member> {
  const context = await browser.newContext(baseUrl, { timezoneId: TIME_ZONE });
  return registerMember(context, { firstName, password: PASSWORD });
}

/** Ada's household, and Bea in it when asked. */
async function household(withBea: boolean): Promise<{ ada: Member; bea: Member | null }> {
  const ada = await member('Ada');
  const { inviteCode } = await createHousehold(ada, 'Birch House');
  if (!withBea) return { ada, bea: null };
  const bea = await member('Bea');
  await joinHousehold(bea, inviteCode);
  return { ada, bea };
}

/** A calendar day from today on the browser's clock, as a date input takes it. */
function dayFromToday(days: number): string {
  return format(addDays(TZDate.tz(TIME_ZONE), days), 'yyyy-MM-dd');
}

const isChoreWrite = (method: string) => (response: { url(): string; request(): { method(): string } }) =>
  new URL(response.url()).pathname.startsWith('/api/chores') && response.request().method() === method;

function card(page: Page, ...texts: string[]) {
  let locator = page.getByTestId('chore-card');
  for (const text of texts) locator = locator.filter({ hasText: text });
  return locator;
}

describe('chores', () => {
  it('creates a recurring chore, completes it and shows the next turn on the other screen live', async () => {
    const { ada, bea } = await household(true);
    const a = ada.page;
    const b = bea!.page;
    const aErrors = watchPageErrors(a);
    const bErrors = watchPageErrors(b);

    // Both start on an empty /chores with their real-time channel open.
    await openLive(b, '/chores');
    await b.getByText('No chores yet').waitFor();
    await openLive(a, '/chores');
    await a.getByRole('heading', { name: 'Chores', level: 1 }).waitFor();
    await a.getByText('Manage household tasks').waitFor();
    await a.getByText('No chores yet').waitFor();
    expect(await a.getByTestId('count-todo').textContent()).toBe('To Do0');
    await a.getByRole('heading', { name: 'This Week' }).waitFor();
    await expectAccessibleInBothThemes(a);

    // 'Create a Task' opens the form, whose back link returns to /chores.
    await a.getByRole('link', { name: 'Create a Task' }).click();
    await a.waitForURL(`${baseUrl}/add-chore`);
    await a.getByRole('heading', { name: 'New Chore' }).waitFor();
    expect(await a.getByRole('link', { name: 'Back to chores' }).getAttribute('href')).toBe('/chores');
    // The form's defaults (docs/chores.md): assigned to oneself, medium, 30 min, no reminder, no repeat.
    expect(await a.getByLabel('Assign to').inputValue()).toBe(ada.id);
    expect(await a.getByLabel('Priority').inputValue()).toBe('medium');
    expect(await a.getByLabel('Estimated duration').inputValue()).toBe('30');
    expect(await a.getByLabel('Reminder').inputValue()).toBe('none');
    expect(await a.getByLabel('Repeats').inputValue()).toBe('none');
    expect(await a.getByRole('radio', { name: 'Take turns' }).count()).toBe(0);
    await expectAccessibleInBothThemes(a);

    // The floating header changes style once the page has scrolled past 10 px.
    const header = a.locator('header[data-scrolled]');
    expect(await header.getAttribute('data-scrolled')).toBe('false');
    await a.evaluate(() => window.scrollTo(0, 200));
    await a.locator('header[data-scrolled="true"]').waitFor();
    await a.evaluate(() => window.scrollTo(0, 0));
    await a.locator('header[data-scrolled="false"]').waitFor();

    const firstDay = dayFromToday(3);
    await a.getByLabel('Title').fill('  Water the plants ');
    await a.getByLabel('Description').fill('Every pot on the balcony and in the kitchen.');
    await a.getByLabel('Due date').fill(firstDay);
    await a.getByLabel('Time (optional)').fill('18:30');
    await a.getByLabel('Priority').selectOption('high');
    await a.getByLabel('Category').selectOption('outdoor');
    await a.getByLabel('Repeats').selectOption('weekly');
    await a.getByRole('radio', { name: 'Take turns' }).check();
    await a.getByLabel('Estimated duration').selectOption('45');
    await a.getByLabel('Reminder').selectOption('1hour');
    await a.getByLabel('Notes').fill('The can is under the sink.');
    // One subtask with Enter, one with the Add button; blank ones are never added.
    const newSubtask = a.getByLabel('New subtask');
    await newSubtask.fill('Kitchen herbs');
    await newSubtask.press('Enter');
    await newSubtask.fill('   ');
    await newSubtask.press('Enter');
    await a.getByRole('button', { name: 'Add subtask' }).click();
    await newSubtask.fill('Balcony boxes');
    await a.getByRole('button', { name: 'Add subtask' }).click();
    expect(await newSubtask.inputValue()).toBe('');
    await a.getByRole('button', { name: 'Remove subtask "Kitchen herbs"' }).waitFor();
    await a.getByRole('button', { name: 'Remove subtask "Balcony boxes"' }).waitFor();
    expect(await a.getByRole('button', { name: /^Remove subtask/ }).count()).toBe(2);
    await expectAccessible(a);

    const [createdResponse] = await Promise.all([
      a.waitForResponse(isChoreWrite('POST')),
      a.getByRole('button', { name: 'Create Chore' }).click(),
    ]);
    expect(createdResponse.status()).toBe(201);
    const payload = createdResponse.request().postDataJSON();
    expect(payload).toMatchObject({
      title: 'Water the plants',
      description: 'Every pot on the balcony and in the kitchen.',
      assignedTo: ada.id,
      priority: 'high',
      category: 'outdoor',
      recurrence: 'weekly',
      rotation: 'round_robin',
      status: 'todo',
      estimatedDuration: 45,
      reminder: '1hour',
      notes: 'The can is under the sink.',
      subtasks: ['Kitchen herbs', 'Balcony boxes'],
      timeZone: TIME_ZONE,
    });
    expect(payload.dueDate).toMatch(new RegExp(`^${firstDay}T18:30:00[+-]\\d{2}:\\d{2}$`));
    const first = (await createdResponse.json()) as { dueDate: string };
    await a.waitForURL(`${baseUrl}/chores`);

    // Ada's list, and Bea's without a reload.
    await card(a, 'Water the plants').waitFor();
    const beaCard = card(b, 'Water the plants');
    await beaCard.waitFor();
    await beaCard.getByText('Ada E.').waitFor();
    await beaCard.getByText('In 3 days, 6:30 PM').waitFor();
    // How often it repeats and whose turn comes next (taking turns: Bea, after Ada).
    await beaCard.getByText('Every week · next: Bea E.').waitFor();
    await b.getByText('No chores yet').waitFor({ state: 'detached' });

    // Expanded, the card shows every field.
    const adaCard = card(a, 'Water the plants');
    const expand = adaCard.getByRole('button', { name: 'Water the plants', exact: true });
    expect(await expand.getAttribute('aria-expanded')).toBe('false');
    await expand.click();
    expect(await expand.getAttribute('aria-expanded')).toBe('true');
    for (const text of [
      'Every pot on the balcony and in the kitchen.',
      format(new TZDate(first.dueDate, TIME_ZONE), 'EEE, MMM d, yyyy'),
      '6:30 PM',
      'High',
      'Outdoor',
      'Weekly',
      'Take turns',
      '1 hour before',
      '45 min',
      'The can is under the sink.',
    ]) {
      await adaCard.getByText(text, { exact: true }).waitFor();
    }
    await expectAccessibleInBothThemes(a);

    // A ticked subtask is saved and shows on Bea's screen.
    const herbs = adaCard.getByRole('checkbox', { name: 'Kitchen herbs' });
    const [ticked] = await Promise.all([a.waitForResponse(isChoreWrite('PATCH')), herbs.check()]);
    expect(ticked.request().postDataJSON()).toEqual({
      subtasks: [
        { text: 'Kitchen herbs', done: true },
        { text: 'Balcony boxes', done: false },
      ],
    });
    expect(await herbs.isChecked()).toBe(true);
    await beaCard.getByText('1/2 subtasks').waitFor();

    // In Progress from the row's menu, then Mark Complete.
    await adaCard.getByRole('button', { name: 'More actions for "Water the plants"' }).click();
    await a.getByRole('menu').waitFor();
    await expectAccessible(a);
    const [started] = await Promise.all([
      a.waitForResponse(isChoreWrite('PATCH')),
      a.getByRole('menuitem', { name: 'In Progress' }).click(),
    ]);
    expect(started.request().postDataJSON()).toEqual({ status: 'doing' });
    await a.getByTestId('count-doing').filter({ hasText: 'In Progress1' }).waitFor();
    await b.getByTestId('count-doing').filter({ hasText: 'In Progress1' }).waitFor();
    const [completed] = await Promise.all([
      a.waitForResponse(isChoreWrite('PATCH')),
      adaCard.getByRole('button', { name: 'Mark Complete' }).click(),
    ]);
    expect(completed.request().postDataJSON()).toEqual({ status: 'done' });
    const toast = a.getByRole('status').filter({ hasText: '✅ Water the plants completed!' });
    await toast.waitFor();
    await toast.getByRole('button', { name: 'Undo' }).waitFor();
    const { nextOccurrence } = (await completed.json()) as {
      nextOccurrence: { dueDate: string; assignedTo: string };
    };
    expect(nextOccurrence.assignedTo).toBe(bea!.id);
    const expectedNextDue = addDays(new TZDate(first.dueDate, TIME_ZONE), 7);
    expect(Date.parse(nextOccurrence.dueDate)).toBe(expectedNextDue.getTime());

    // The next turn is Bea's, one week after the first due date, on her screen without a reload.
    const nextOnBea = card(b, 'Water the plants', 'Bea E.');
    await nextOnBea.waitFor();
    // Beyond a week the label is the date.
    await nextOnBea.getByText(`${format(expectedNextDue, 'MMM d')}, 6:30 PM`).waitFor();
    // Done chores leave the list; the Done tab has them.
    expect(await card(b, 'Water the plants').count()).toBe(1);
    await b.getByRole('tab', { name: 'Done' }).click();
    await card(b, 'Water the plants')
      .getByRole('button', { name: /as to do$/ })
      .waitFor();
    await b.getByRole('tab', { name: /^All/ }).click();
    await nextOnBea.getByRole('button', { name: 'Water the plants', exact: true }).click();
    await nextOnBea.getByText(format(expectedNextDue, 'EEE, MMM d, yyyy'), { exact: true }).waitFor();
    // Subtasks start over for the next turn.
    expect(await nextOnBea.getByRole('checkbox', { name: 'Kitchen herbs' }).isChecked()).toBe(false);

    // Ada's counters and the week's points.
    await card(a, 'Water the plants', 'Bea E.').waitFor();
    await a.getByTestId('count-done').filter({ hasText: 'Done1' }).waitFor();
    await a.getByTestId('count-todo').filter({ hasText: 'To Do1' }).waitFor();
    const points = pointsFor({ estimatedDuration: 45, priority: 'high' }, true);
    const adaRow = a.getByTestId('leaderboard-row').filter({ hasText: 'Ada E.' });
    await adaRow.getByText(`${points} pts`).waitFor();
    await adaRow.getByText('1 completion').waitFor();
    await b.getByTestId('leaderboard-row').filter({ hasText: 'Ada E.' }).getByText(`${points} pts`).waitFor();
    await expectAccessibleInBothThemes(a);

    // Bea deletes the whole series; both occurrences leave Ada's screen too.
    await nextOnBea.getByRole('button', { name: 'Delete "Water the plants"' }).click();
    const dialog = b.getByRole('dialog', { name: 'Delete "Water the plants"?' });
    await dialog.waitFor();
    await expectAccessible(b);
    const [deleted] = await Promise.all([
      b.waitForResponse(isChoreWrite('DELETE')),
      dialog.getByRole('button', { name: 'Delete the whole series' }).click(),
    ]);
    expect(deleted.status()).toBe(204);
    expect(new URL(deleted.url()).search).toBe('?series=true');
    await b.getByText('No chores yet').waitFor();
    await a.getByText('No chores yet').waitFor();

    aErrors.assertNone();
    bErrors.assertNone();
  });

  it('checks the form, keeps what was typed when the server refuses, cycles the status and deletes', async () => {
    const { ada } = await household(false);
    const a = ada.page;
    // 500: the refused create below.
    const aErrors = watchPageErrors(a, [500]);
    await a.goto('/chores');
    await a.getByRole('link', { name: 'Add chore' }).click();
    await a.waitForURL(`${baseUrl}/add-chore`);

    // Nothing is sent while the title or the due date is missing.
    const posts: string[] = [];
    a.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/api/chores')) posts.push(request.url());
    });
    await a.getByLabel('Title').fill('   ');
    await a.getByRole('button', { name: 'Create Chore' }).click();
    await a.getByText('Title is required').waitFor();
    await a.getByText('Due date is required').waitFor();
    expect(await a.getByLabel('Title').getAttribute('aria-invalid')).toBe('true');
    expect(await a.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('title');
    await expectAccessible(a);
    // Editing a field clears its message.
    await a.getByLabel('Title').fill('Vacuum the hall');
    await a.getByText('Title is required').waitFor({ state: 'detached' });
    await a.getByLabel('Due date').fill(dayFromToday(1));
    await a.getByLabel('Notes').fill('Hoover is in the hall cupboard.');
    await a.getByLabel('New subtask').fill('Move the shoes');
    await a.getByLabel('New subtask').press('Enter');
    expect(posts).toEqual([]);

    // The server refuses once; the button says 'Creating...' meanwhile.
    const release = await holdPostsThenFail(a, '**/api/chores');
    await a.getByRole('button', { name: 'Create Chore' }).click();
    const pending = a.getByRole('button', { name: 'Creating...' });
    await pending.waitFor();
    expect(await pending.isDisabled()).toBe(true);
    release();
    const failure = a.getByRole('alert').filter({ hasText: 'Unable to create chore' });
    await failure.waitFor();
    expect(await failure.textContent()).toContain(SERVER_DOWN);
    expect(await a.getByLabel('Title').inputValue()).toBe('Vacuum the hall');
    expect(await a.getByLabel('Notes').inputValue()).toBe('Hoover is in the hall cupboard.');
    await a.getByRole('button', { name: 'Remove subtask "Move the shoes"' }).waitFor();
    await expectAccessible(a);
    await a.unroute('**/api/chores');

    const [created] = await Promise.all([
      a.waitForResponse(isChoreWrite('POST')),
      a.getByRole('button', { name: 'Create Chore' }).click(),
    ]);
    expect(created.status()).toBe(201);
    expect(created.request().postDataJSON()).toMatchObject({
      title: 'Vacuum the hall',
      recurrence: null,
      priority: 'medium',
      estimatedDuration: 30,
      reminder: 'none',
      subtasks: ['Move the shoes'],
    });
    // No time chosen: 23:59 on the day, shown without a time.
    expect(created.request().postDataJSON().dueDate).toMatch(/T23:59:00[+-]\d{2}:\d{2}$/);
    await a.waitForURL(`${baseUrl}/chores`);
    const vacuum = card(a, 'Vacuum the hall');
    await vacuum.getByText('Tomorrow', { exact: true }).waitFor();

    // One tap completes; Undo puts it back as it was (to do), then (in progress).
    const undoToast = a.getByRole('status').filter({ hasText: '✅ Vacuum the hall completed!' });
    for (const before of ['todo', 'doing'] as const) {
      if (before === 'doing') {
        await vacuum.getByRole('button', { name: 'More actions for "Vacuum the hall"' }).click();
        const [started] = await Promise.all([
          a.waitForResponse(isChoreWrite('PATCH')),
          a.getByRole('menuitem', { name: 'In Progress' }).click(),
        ]);
        expect(started.request().postDataJSON()).toEqual({ status: 'doing' });
        await a.getByTestId('count-doing').filter({ hasText: 'In Progress1' }).waitFor();
      }
      const [completed] = await Promise.all([
        a.waitForResponse(isChoreWrite('PATCH')),
        vacuum.getByRole('button', { name: 'Mark "Vacuum the hall" as done' }).click(),
      ]);
      expect(completed.request().postDataJSON()).toEqual({ status: 'done' });
      await vacuum.waitFor({ state: 'detached' });
      const [undone] = await Promise.all([
        a.waitForResponse(isChoreWrite('PATCH')),
        undoToast.getByRole('button', { name: 'Undo' }).click(),
      ]);
      expect(undone.request().postDataJSON()).toEqual({ status: before });
      await undoToast.waitFor({ state: 'detached' });
      await vacuum.getByRole('button', { name: 'Mark "Vacuum the hall" as done' }).waitFor();
      await a.getByTestId('count-done').filter({ hasText: 'Done0' }).waitFor();
    }
    // Back in progress: the menu now offers To Do.
    await vacuum.getByRole('button', { name: 'More actions for "Vacuum the hall"' }).click();
    await a.getByRole('menuitem', { name: 'Edit' }).waitFor();
    await a.getByRole('menuitem', { name: 'Delete' }).waitFor();
    expect(await a.getByRole('menuitem', { name: 'In Progress' }).count()).toBe(0);
    const [backToDo] = await Promise.all([
      a.waitForResponse(isChoreWrite('PATCH')),
      a.getByRole('menuitem', { name: 'To Do' }).click(),
    ]);
    expect(backToDo.request().postDataJSON()).toEqual({ status: 'todo' });
    // Escape closes the menu and gives the focus back to its button.
    await vacuum.getByRole('button', { name: 'More actions for "Vacuum the hall"' }).click();
    await a.getByRole('menuitem', { name: 'In Progress' }).waitFor();
    await a.keyboard.press('Escape');
    await a.getByRole('menu').waitFor({ state: 'detached' });
    expect(await a.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(
      'More actions for "Vacuum the hall"',
    );

    // Mark Complete in the expanded card, then Reopen from the Done tab.
    await vacuum.getByRole('button', { name: 'Vacuum the hall', exact: true }).click();
    await vacuum.getByText('Any time', { exact: true }).waitFor();
    await vacuum.getByText('Does not repeat', { exact: true }).waitFor();
    await Promise.all([
      a.waitForResponse(isChoreWrite('PATCH')),
      vacuum.getByRole('button', { name: 'Mark Complete' }).click(),
    ]);
    await vacuum.waitFor({ state: 'detached' });
    await a.getByRole('tab', { name: 'Done' }).click();
    await vacuum.getByRole('button', { name: 'Vacuum the hall', exact: true }).click();
    const [reopened] = await Promise.all([
      a.waitForResponse(isChoreWrite('PATCH')),
      vacuum.getByRole('button', { name: 'Reopen' }).click(),
    ]);
    expect(reopened.request().postDataJSON()).toEqual({ status: 'todo' });
    await vacuum.waitFor({ state: 'detached' });
    await a.getByRole('tab', { name: /^All/ }).click();
    await vacuum.getByRole('button', { name: 'Vacuum the hall', exact: true }).click();
    await vacuum.getByRole('button', { name: 'Mark Complete' }).waitFor();

    // A chore that does not repeat is deleted alone; Cancel keeps it.
    await vacuum.getByRole('button', { name: 'Delete "Vacuum the hall"' }).click();
    const dialog = a.getByRole('dialog', { name: 'Delete "Vacuum the hall"?' });
    await dialog.waitFor();
    expect(await dialog.getByRole('button', { name: 'Delete the whole series' }).count()).toBe(0);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await vacuum.getByRole('button', { name: 'Delete "Vacuum the hall"' }).click();
    const [deleted] = await Promise.all([
      a.waitForResponse(isChoreWrite('DELETE')),
      dialog.getByRole('button', { name: 'Delete this chore' }).click(),
    ]);
    expect(deleted.status()).toBe(204);
    expect(new URL(deleted.url()).search).toBe('');
    await a.getByText('No chores yet').waitFor();

    aErrors.assertNone();
  });

  it('marks a member away in Settings and clears it', async () => {
    const { ada } = await household(false);
    const a = ada.page;
    const aErrors = watchPageErrors(a);
    await a.goto('/settings');
    await a.getByRole('heading', { name: 'Away mode' }).waitFor();
    await a.getByText('You are not marked as away.').waitFor();

    // Both days are needed, in order.
    await a.getByLabel('Away from').fill(dayFromToday(5));
    await a.getByLabel('Away until').fill(dayFromToday(2));
    await a.getByRole('button', { name: 'Save away dates' }).click();
    await a.getByText('The last day must not be before the first').waitFor();
    await expectAccessible(a);

    const from = dayFromToday(2);
    const until = dayFromToday(9);
    await a.getByLabel('Away from').fill(from);
    await a.getByLabel('Away until').fill(until);
    const [saved] = await Promise.all([
      a.waitForResponse((r) => r.url().endsWith('/api/households/current/members/me')),
      a.getByRole('button', { name: 'Save away dates' }).click(),
    ]);
    expect(saved.status()).toBe(200);
    expect(saved.request().postDataJSON()).toEqual({ awayFrom: from, awayUntil: until });
    await a.getByRole('status').filter({ hasText: 'Away dates saved' }).waitFor();
    await a
      .getByTestId('away-summary')
      .filter({ hasText: /^Away from / })
      .waitFor();
    const current = (await (await a.request.get('/api/households/current')).json()) as {
      members: { userId: string; awayFrom: string | null; awayUntil: string | null }[];
    };
    expect(current.members.find((m) => m.userId === ada.id)).toMatchObject({
      awayFrom: from,
      awayUntil: until,
    });

    // After a reload the range is still shown; Clear ends it.
    await a.reload();
    await a
      .getByTestId('away-summary')
      .filter({ hasText: /^Away from / })
      .waitFor();
    expect(await a.getByLabel('Away from').inputValue()).toBe(from);
    await expectAccessibleInBothThemes(a);
    const [cleared] = await Promise.all([
      a.waitForResponse((r) => r.url().endsWith('/api/households/current/members/me')),
      a.getByRole('button', { name: 'Clear', exact: true }).click(),
    ]);
    expect(cleared.request().postDataJSON()).toEqual({ awayFrom: null, awayUntil: null });
    await a.getByText('You are not marked as away.').waitFor();
    expect(await a.getByLabel('Away from').inputValue()).toBe('');

    aErrors.assertNone();
  });
});
