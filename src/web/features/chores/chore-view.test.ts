import { TZDate } from '@date-fns/tz';
import { describe, expect, it } from 'vitest';
import { createChoreSchema } from '#shared/chores/schemas.ts';
import { translate } from '#shared/i18n/catalogs.ts';
import {
  addSubtask,
  awayMessages,
  awayPayload,
  awaySummary,
  choreCreateInput,
  completionMessage,
  defaultChoreForm,
  dueDetails,
  dueText,
  durationLabel,
  localDueDate,
  menuStatus,
  nextInRotation,
  oneTapStatus,
  reminderLabel,
  statusAction,
  statusButtonLabel,
  statusCounts,
  toggleSubtask,
  withPendingChanges,
} from './chore-view.ts';

const EN = { t: translate.bind(null, 'en'), locale: 'en-US' };
const DE = { t: translate.bind(null, 'de'), locale: 'de-DE' };

describe('status wording', () => {
  it('completes with one tap and reopens a done chore', () => {
    expect(oneTapStatus('todo')).toBe('done');
    expect(oneTapStatus('doing')).toBe('done');
    expect(oneTapStatus('done')).toBe('todo');
    expect(statusButtonLabel('Dishes', 'todo', EN.t)).toBe('Mark "Dishes" as done');
    expect(statusButtonLabel('Dishes', 'doing', EN.t)).toBe('Mark "Dishes" as done');
    expect(statusButtonLabel('Dishes', 'done', EN.t)).toBe('Mark "Dishes" as to do');
  });

  it('keeps In Progress in the menu, and To Do for a chore in progress', () => {
    expect(menuStatus('todo')).toBe('doing');
    expect(menuStatus('done')).toBe('doing');
    expect(menuStatus('doing')).toBe('todo');
  });

  it('offers Mark Complete, and Reopen once done', () => {
    expect(statusAction('todo')).toEqual({ label: 'chores.action.complete', next: 'done' });
    expect(statusAction('doing')).toEqual({ label: 'chores.action.complete', next: 'done' });
    expect(statusAction('done')).toEqual({ label: 'chores.action.reopen', next: 'todo' });
  });

  it('announces a completion', () => {
    expect(completionMessage('Take out the bins', EN.t)).toBe('✅ Take out the bins completed!');
  });

  it('counts chores per status', () => {
    const counts = statusCounts([{ status: 'todo' }, { status: 'todo' }, { status: 'done' }]);
    expect(counts).toEqual({ todo: 2, doing: 0, done: 1 });
  });
});

describe('due wording', () => {
  const now = new Date(2026, 5, 10, 12, 0);

  it('shows the time only when one was chosen', () => {
    expect(dueText(new Date(2026, 5, 10, 23, 59).toISOString(), now, EN)).toBe('Today');
    expect(dueText(new Date(2026, 5, 11, 18, 30).toISOString(), now, EN)).toBe('Tomorrow, 6:30 PM');
    expect(dueText(new Date(2026, 5, 7, 9, 0).toISOString(), now, EN)).toBe('3 days overdue, 9:00 AM');
  });

  it("counts the days and shows the time on the clock of `now`, whatever the runtime's zone", () => {
    // 05:00 on Jan 2 in Tokyo, noon on Jan 1 in Los Angeles; due 19:00 and 02:00 on Jan 2.
    const at = Date.UTC(2026, 0, 1, 20, 0);
    const due = new Date(Date.UTC(2026, 0, 2, 10, 0)).toISOString();
    expect(dueText(due, new TZDate(at, 'Asia/Tokyo'), EN)).toBe('Today, 7:00 PM');
    expect(dueText(due, new TZDate(at, 'America/Los_Angeles'), EN)).toBe('Tomorrow, 2:00 AM');
  });

  it('spells out the date and time when expanded', () => {
    expect(dueDetails(new Date(2026, 5, 10, 23, 59).toISOString(), EN)).toEqual({
      date: 'Wed, Jun 10, 2026',
      time: 'Any time',
    });
    expect(dueDetails(new Date(2026, 5, 10, 7, 5).toISOString(), EN).time).toBe('7:05 AM');
  });

  it('labels durations and reminders', () => {
    expect(durationLabel(45, EN.t)).toBe('45 min');
    expect(reminderLabel('1hour', EN.t)).toBe('1 hour before');
    expect(reminderLabel('none', EN.t)).toBe('No reminder');
  });

  it('speaks German on a 24-hour clock', () => {
    expect(dueText(new Date(2026, 5, 11, 18, 30).toISOString(), now, DE)).toBe('Morgen, 18:30');
    expect(dueText(new Date(2026, 5, 7, 9, 0).toISOString(), now, DE)).toBe('3 Tage überfällig, 09:00');
    expect(dueText(new Date(2026, 5, 10, 23, 59).toISOString(), now, DE)).toBe('Heute');
    expect(dueDetails(new Date(2026, 5, 10, 23, 59).toISOString(), DE)).toEqual({
      date: 'Mi., 10. Juni 2026',
      time: 'Jederzeit',
    });
    expect(statusButtonLabel('Abwasch', 'todo', DE.t)).toBe('„Abwasch“ als erledigt markieren');
    expect(completionMessage('Müll rausbringen', DE.t)).toBe('✅ Müll rausbringen erledigt!');
    expect(durationLabel(45, DE.t)).toBe('45 Min.');
    expect(reminderLabel('1hour', DE.t)).toBe('1 Stunde vorher');
  });
});

describe('due date from the form', () => {
  it('reads the date and time on the wall clock of the time zone, with its offset', () => {
    expect(localDueDate('2026-06-10', '18:30', 'Europe/Berlin')).toBe('2026-06-10T18:30:00+02:00');
    expect(localDueDate('2026-01-10', '18:30', 'Europe/Berlin')).toBe('2026-01-10T18:30:00+01:00');
    expect(localDueDate('2026-06-10', '08:00', 'America/New_York')).toBe('2026-06-10T08:00:00-04:00');
    expect(localDueDate('2026-06-10', '08:00', 'UTC')).toBe('2026-06-10T08:00:00Z');
  });

  it('uses 23:59:00 without a time', () => {
    expect(localDueDate('2026-06-10', '', 'Asia/Tokyo')).toBe('2026-06-10T23:59:00+09:00');
  });

  it('gives nothing without a valid date', () => {
    expect(localDueDate('', '10:00', 'UTC')).toBeNull();
    expect(localDueDate('10/06/2026', '', 'UTC')).toBeNull();
  });
});

describe('create payload', () => {
  const filled = {
    ...defaultChoreForm('user-1'),
    title: '  Dishes  ',
    dueDate: '2026-06-10',
    subtasks: ['Wash', 'Dry'],
  };

  it('has the defaults', () => {
    expect(defaultChoreForm('u')).toMatchObject({
      assignedTo: 'u',
      priority: 'medium',
      estimatedDuration: 30,
      reminder: 'none',
      recurrence: 'none',
      dueTime: '',
    });
  });

  it('passes the shared schema with trimmed text, no recurrence and status todo', () => {
    const parsed = createChoreSchema.parse(choreCreateInput(filled, 'Europe/Berlin'));
    expect(parsed).toMatchObject({
      title: 'Dishes',
      description: null,
      notes: null,
      assignedTo: 'user-1',
      dueDate: '2026-06-10T23:59:00+02:00',
      recurrence: null,
      rotation: 'fixed',
      status: 'todo',
      timeZone: 'Europe/Berlin',
      subtasks: ['Wash', 'Dry'],
    });
  });

  it('keeps the rotation of a recurring chore', () => {
    const input = choreCreateInput({ ...filled, recurrence: 'weekly', rotation: 'least_done' }, 'UTC');
    expect(input).toMatchObject({ recurrence: 'weekly', rotation: 'least_done' });
  });

  it('reports a missing title and due date by field', () => {
    const result = createChoreSchema.safeParse(
      choreCreateInput({ ...filled, title: ' ', dueDate: '' }, 'UTC'),
    );
    expect(result.success).toBe(false);
    const fields = result.error?.issues.map((i) => [i.path.join('.'), i.message]);
    expect(fields).toEqual([
      ['title', 'Title is required'],
      ['dueDate', 'Due date is required'],
    ]);
  });

  it('adds only non-blank subtasks', () => {
    expect(addSubtask(['Wash'], '  Dry ')).toEqual(['Wash', 'Dry']);
    expect(addSubtask(['Wash'], '   ')).toEqual(['Wash']);
  });

  it('ticks one subtask off', () => {
    const list = [
      { text: 'Wash', done: false },
      { text: 'Dry', done: false },
    ];
    expect(toggleSubtask(list, 1)).toEqual([
      { text: 'Wash', done: false },
      { text: 'Dry', done: true },
    ]);
    expect(toggleSubtask(toggleSubtask(list, 0), 0)).toEqual(list);
  });
});

describe('pending changes', () => {
  it('lays changes still being saved over the fetched list, the latest last', () => {
    const list = [
      { id: 'a', status: 'todo', title: 'A' },
      { id: 'b', status: 'todo', title: 'B' },
    ];
    expect(withPendingChanges(list, [])).toBe(list);
    expect(
      withPendingChanges(list, [
        { id: 'a', changes: { status: 'doing' } },
        { id: 'a', changes: { status: 'done' } },
        { id: 'x', changes: { status: 'done' } },
      ]),
    ).toEqual([
      { id: 'a', status: 'done', title: 'A' },
      { id: 'b', status: 'todo', title: 'B' },
    ]);
  });
});

describe('away mode', () => {
  it('needs both days in order', () => {
    expect(awayPayload('2026-06-10', '2026-06-20')).toEqual({
      ok: true,
      body: { awayFrom: '2026-06-10', awayUntil: '2026-06-20' },
    });
    expect(awayPayload('2026-06-10', '')).toEqual({ ok: false, error: awayMessages.bothDates });
    expect(awayPayload('2026-06-10', '2026-06-09')).toEqual({ ok: false, error: awayMessages.order });
  });

  it("summarises the current or coming range, not a past one, in the reader's locale", () => {
    expect(awaySummary('2026-06-10', '2026-06-20', '2026-06-01', 'en-US')).toEqual({
      kind: 'range',
      first: 'Jun 10',
      last: 'Jun 20, 2026',
    });
    expect(awaySummary('2026-12-28', '2027-01-03', '2026-12-01', 'en-US')).toEqual({
      kind: 'range',
      first: 'Dec 28, 2026',
      last: 'Jan 3, 2027',
    });
    expect(awaySummary('2026-06-10', '2026-06-10', '2026-06-10', 'de-DE')).toEqual({
      kind: 'day',
      first: '10. Juni',
      last: '10. Juni 2026',
    });
    expect(awaySummary('2026-06-10', '2026-06-20', '2026-06-21', 'en-US')).toBeNull();
    expect(awaySummary(null, null, '2026-06-21', 'en-US')).toBeNull();
  });
});

describe('who is next', () => {
  const members = [
    { userId: 'ann', awayFrom: null, awayUntil: null },
    { userId: 'ben', awayFrom: null, awayUntil: null },
    { userId: 'cat', awayFrom: null, awayUntil: null },
  ];
  // Due Thursday 12 March 2026, 18:00 in Berlin: the next weekly one is on 19 March.
  const chore = {
    recurrence: 'weekly' as const,
    rotation: 'round_robin' as const,
    dueDate: '2026-03-12T17:00:00.000Z',
    timeZone: 'Europe/Berlin',
    assignedTo: 'ann',
  };

  it('takes turns in join order, wrapping round', () => {
    expect(nextInRotation(chore, members)).toBe('ben');
    expect(nextInRotation({ ...chore, assignedTo: 'cat' }, members)).toBe('ann');
  });

  it("skips a member away on the next due day, in the chore's zone", () => {
    const away = members.map((m) =>
      m.userId === 'ben' ? { ...m, awayFrom: '2026-03-19', awayUntil: '2026-03-19' } : m,
    );
    expect(nextInRotation(chore, away)).toBe('cat');
    const before = members.map((m) =>
      m.userId === 'ben' ? { ...m, awayFrom: '2026-03-10', awayUntil: '2026-03-18' } : m,
    );
    expect(nextInRotation(chore, before)).toBe('ben');
  });

  it('keeps a fixed assignee; leaves least done to the server; nothing for a one-off', () => {
    expect(nextInRotation({ ...chore, rotation: 'fixed' }, members)).toBe('ann');
    expect(nextInRotation({ ...chore, rotation: 'least_done' }, members)).toBeUndefined();
    expect(nextInRotation({ ...chore, recurrence: null }, members)).toBeUndefined();
  });

  it('says how often and who', () => {
    expect(EN.t('chores.recurrence.next', { recurrence: 'weekly', name: 'Ben B.' })).toBe(
      'Every week · next: Ben B.',
    );
    expect(EN.t('chores.recurrence.next', { recurrence: 'biweekly', name: 'Ben B.' })).toBe(
      'Every 2 weeks · next: Ben B.',
    );
    expect(DE.t('chores.recurrence.next', { recurrence: 'daily', name: 'Ben B.' })).toBe(
      'Jeden Tag · als Nächstes: Ben B.',
    );
  });
});
