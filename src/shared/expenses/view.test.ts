import { TZDate } from '@date-fns/tz';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { translate } from '#shared/i18n/catalogs.ts';
import { moneyFormat } from '#shared/money.ts';
import { parseDollarsToCents } from '../money.ts';
import type { ExpenseView } from './api.ts';
import { computeShares, EXPENSE_CATEGORIES } from './rules.ts';
import { createExpenseSchema } from './schemas.ts';
import {
  canSettleSplit,
  defaultExpenseForm,
  type ExpenseFormValues,
  expenseCreateInput,
  expenseDateText,
  filterExpenses,
  formatPercent,
  formatPercentNumber,
  initialShares,
  isBetween,
  type Message,
  openSharesOwed,
  splitSummary,
  TITLE_SUGGESTIONS,
  tabCounts,
  type Words,
} from './view.ts';

const usd = moneyFormat('USD', 'en-US');

const members = ['ann', 'ben', 'cat'];

function form(overrides: Partial<ExpenseFormValues> = {}): ExpenseFormValues {
  return { ...defaultExpenseForm('ann', '2025-03-14'), title: 'Pizza night', amount: '30.00', ...overrides };
}

function expense(overrides: Partial<ExpenseView> = {}): ExpenseView {
  return {
    id: 'e1',
    title: 'Pizza night',
    amount: '30.00',
    original: null,
    category: 'dining',
    description: null,
    notes: null,
    receiptUrl: null,
    paidBy: 'ann',
    paidByUser: null,
    date: '2025-03-14',
    createdAt: '2025-03-14T18:00:00.000Z',
    splitType: 'equal',
    isRecurring: false,
    recurrenceFrequency: null,
    recurrenceSourceId: null,
    recurringEndDate: null,
    nextOccurrenceDate: null,
    splits: [
      { id: 's1', userId: 'ann', user: null, amount: '10.00', settled: true, settledAt: null },
      { id: 's2', userId: 'ben', user: null, amount: '10.00', settled: false, settledAt: null },
      { id: 's3', userId: 'cat', user: null, amount: '10.00', settled: true, settledAt: null },
    ],
    settledPercent: 50,
    fullySettled: false,
    ...overrides,
  };
}

const EN: Words = { t: (id, values) => translate('en', id, values), locale: 'en-US' };
const DE: Words = { t: (id, values) => translate('de', id, values), locale: 'de-DE' };
const say = (problem: Message | null, words = EN) => problem && words.t(problem.id, problem.values);

describe('expense form defaults', () => {
  it('is paid by you, today, split equally, monthly when recurring', () => {
    expect(defaultExpenseForm('ann', '2025-03-14')).toMatchObject({
      paidBy: 'ann',
      date: '2025-03-14',
      splitType: 'equal',
      isRecurring: false,
      recurringInterval: 'monthly',
    });
  });

  it('pre-fills per-member inputs with 0 for percentages and 0.00 for amounts', () => {
    expect(initialShares('percentage', members)).toEqual({ ann: '0', ben: '0', cat: '0' });
    expect(initialShares('custom', members)).toEqual({ ann: '0.00', ben: '0.00', cat: '0.00' });
    expect(initialShares('equal', members)).toEqual({});
  });

  it('suggests titles for every category it offers', () => {
    for (const category of EXPENSE_CATEGORIES) expect(TITLE_SUGGESTIONS[category].length).toBeGreaterThan(0);
    expect(TITLE_SUGGESTIONS.groceries.map((id) => EN.t(id))).toContain('Weekly groceries');
    expect(TITLE_SUGGESTIONS.utilities.map((id) => EN.t(id))).toContain('Electricity bill');
    expect(TITLE_SUGGESTIONS.rent.map((id) => EN.t(id))).toContain('Monthly rent');
    expect(TITLE_SUGGESTIONS.internet.map((id) => EN.t(id))).toContain('Internet bill');
    expect(TITLE_SUGGESTIONS.rent.map((id) => DE.t(id))).toContain('Monatsmiete');
  });
});

describe('split summary', () => {
  it('divides an equal split to 2 decimals, the leftover cent to the first member', () => {
    const even = splitSummary(form(), members, usd);
    expect(even.rows.map((r) => r.cents)).toEqual([1000, 1000, 1000]);
    expect(even).toMatchObject({ ok: true, totalCents: 3000, uneven: false, problem: null });
    const odd = splitSummary(form({ amount: '10' }), members, usd);
    expect(odd.rows.map((r) => r.cents)).toEqual([334, 333, 333]);
    expect(odd.uneven).toBe(true);
    expect(splitSummary(form({ amount: '' }), members, usd).rows.map((r) => r.cents)).toEqual([
      null,
      null,
      null,
    ]);
  });

  it('accepts percentages that add up to 100 within 0.1 and says what is missing otherwise', () => {
    const shares = { ann: '33.3', ben: '33.3', cat: '33.3' };
    const close = splitSummary(form({ splitType: 'percentage', shares }), members, usd);
    expect(close).toMatchObject({ ok: true, totalPercent: 99.9, totalCents: 3000, problem: null });
    const short = splitSummary(
      form({ splitType: 'percentage', shares: { ann: '50', ben: '30', cat: '10' } }),
      members,
      usd,
    );
    expect(short.ok).toBe(false);
    expect(short.totalPercent).toBe(90);
    expect(say(short.problem)).toBe('10% left to assign: the percentages must add up to 100%');
    expect(short.rows.map((r) => r.cents)).toEqual([1500, 900, 300]);
    const over = splitSummary(
      form({ splitType: 'percentage', shares: { ann: '50', ben: '50', cat: '0.5' } }),
      members,
      usd,
    );
    expect(say(over.problem)).toBe('0.5% too much: the percentages must add up to 100%');
    const blank = splitSummary(
      form({ splitType: 'percentage', shares: { ann: '100', ben: '' } }),
      members,
      usd,
    );
    expect(blank.ok).toBe(false);
    expect(say(blank.problem)).toBe('Enter a percentage from 0 to 100 for every member');
    expect(splitSummary(form({ splitType: 'percentage', shares: { ann: '101' } }), ['ann'], usd).ok).toBe(
      false,
    );
  });

  it('takes a decimal comma and writes percentages in the language of the amounts', () => {
    const eur = moneyFormat('EUR', 'de-DE');
    const values = form({ splitType: 'percentage', shares: { ann: '33,34', ben: '33.33', cat: '33,2' } });
    const summary = splitSummary(values, members, eur);
    expect(summary).toMatchObject({ ok: false, totalPercent: 99.87 });
    expect(summary.rows.map((r) => r.percent)).toEqual([33.34, 33.33, 33.2]);
    expect(say(summary.problem, DE)).toBe(
      'Noch 0,13\u00a0% zu verteilen: Die Prozentsätze müssen zusammen 100 % ergeben',
    );
    expect(formatPercent(12.5, 'de-DE')).toBe('12,5\u00a0%');
    expect(formatPercent(12.5, 'en-US')).toBe('12.5%');
    expect(formatPercentNumber(99.97, 'es-ES')).toBe('99,97');
    expect(formatPercentNumber(1100, 'en-US')).toBe('1100');
    // The API takes the point whatever was typed.
    const input = expenseCreateInput(
      { ...values, shares: { ann: '50,5', ben: '49,5', cat: '0' } },
      members,
      eur,
      'EUR',
    );
    expect(input.expense.customSplits).toEqual({ ann: '50.5', ben: '49.5', cat: '0' });
    expect(input.splits.map((s) => s.percent)).toEqual([50.5, 49.5]);
  });

  it('accepts custom amounts that add up within a cent', () => {
    const exact = splitSummary(
      form({ splitType: 'custom', shares: { ann: '15.00', ben: '10.00', cat: '5.00' } }),
      members,
      usd,
    );
    expect(exact).toMatchObject({ ok: true, totalCents: 3000, problem: null });
    const cent = splitSummary(
      form({ splitType: 'custom', shares: { ann: '10.00', ben: '10.00', cat: '9.99' } }),
      members,
      usd,
    );
    expect(cent.ok).toBe(true);
    const short = splitSummary(
      form({ splitType: 'custom', shares: { ann: '10.00', ben: '10.00', cat: '5.00' } }),
      members,
      usd,
    );
    expect(short).toMatchObject({ ok: false, totalCents: 2500 });
    expect(say(short.problem)).toBe('$5.00 left to assign: the shares must add up to $30.00');
    const over = splitSummary(
      form({ splitType: 'custom', shares: { ann: '20.00', ben: '20.00', cat: '0.00' } }),
      members,
      usd,
    );
    expect(say(over.problem)).toBe('$10.00 too much: the shares must add up to $30.00');
    expect(say(short.problem, DE)).toBe(
      'Noch $5.00 zu verteilen: Die Anteile müssen zusammen $30.00 ergeben',
    );
    expect(say(splitSummary(form({ splitType: 'custom', shares: { ann: 'x' } }), members, usd).problem)).toBe(
      'Enter an amount for every member (0.00 for nothing)',
    );
  });
});

describe('create payload', () => {
  it('sends trimmed text, the amount as typed and cent-exact equal splits as 2-decimal strings', () => {
    const input = expenseCreateInput(form({ amount: '10', title: '  Pizza night ' }), members, usd, 'USD');
    expect(input).toEqual({
      expense: {
        title: 'Pizza night',
        amount: '10',
        category: 'other',
        description: '',
        notes: '',
        date: '2025-03-14',
        splitType: 'equal',
        paidBy: 'ann',
        customSplits: null,
        isRecurring: false,
        recurringInterval: 'monthly',
        recurringEndDate: null,
      },
      splits: [
        { userId: 'ann', amount: '3.34' },
        { userId: 'ben', amount: '3.33' },
        { userId: 'cat', amount: '3.33' },
      ],
    });
    const parsed = createExpenseSchema.parse(input);
    expect(parsed.expense.title).toBe('Pizza night');
    expect(parsed.expense.amount).toBe(1000);
  });

  it('adds percents to a percentage split and leaves out members with nothing to pay', () => {
    const input = expenseCreateInput(
      form({
        splitType: 'percentage',
        shares: { ann: '60', ben: '40', cat: '0' },
        isRecurring: true,
        recurringInterval: 'yearly',
        recurringEndDate: '2026-01-01',
      }),
      members,
      usd,
      'USD',
    );
    expect(input.splits).toEqual([
      { userId: 'ann', amount: '18.00', percent: 60 },
      { userId: 'ben', amount: '12.00', percent: 40 },
    ]);
    expect(input.expense.customSplits).toEqual({ ann: '60', ben: '40', cat: '0' });
    expect(input.expense).toMatchObject({
      isRecurring: true,
      recurringInterval: 'yearly',
      recurringEndDate: '2026-01-01',
    });
  });

  it('always sends splits that add up to the amount when the summary is ok', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 100_000_000 }),
        fc.array(fc.integer({ min: 1, max: 100 }), { minLength: 1, maxLength: 6 }),
        (cents, weights) => {
          const ids = weights.map((_, i) => `u${i}`);
          const amount = `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
          // Whole percentages from the weights; the last member takes what is left of 100.
          const total = weights.reduce((s, w) => s + w, 0);
          const percents = weights.map((w) => Math.floor((w * 100) / total));
          percents[percents.length - 1]! += 100 - percents.reduce((s, p) => s + p, 0);
          for (const values of [
            form({ amount }),
            form({
              amount,
              splitType: 'percentage',
              shares: Object.fromEntries(ids.map((id, i) => [id, String(percents[i])])),
            }),
          ]) {
            if (!splitSummary(values, ids, usd).ok) return false;
            const splits = expenseCreateInput(values, ids, usd, 'USD').splits;
            const sum = splits.reduce((s, x) => s + parseDollarsToCents(x.amount)!, 0);
            if (sum !== cents) return false;
          }
          return true;
        },
      ),
    );
  });
});

describe('expense list', () => {
  it('filters and counts settled and unsettled expenses', () => {
    const list = [expense(), expense({ id: 'e2', fullySettled: true }), expense({ id: 'e3' })];
    expect(tabCounts(list)).toEqual({ all: 3, unsettled: 2, settled: 1 });
    expect(filterExpenses(list, 'settled').map((e) => e.id)).toEqual(['e2']);
    expect(filterExpenses(list, 'unsettled').map((e) => e.id)).toEqual(['e1', 'e3']);
    expect(filterExpenses(list, 'all')).toBe(list);
  });

  it('labels dates Today, Yesterday, N days ago under 7, else the date', () => {
    const today = new Date(2025, 2, 14, 9, 30);
    expect(expenseDateText('2025-03-14', today, EN)).toBe('Today');
    expect(expenseDateText('2025-03-13', today, EN)).toBe('Yesterday');
    expect(expenseDateText('2025-03-08', today, EN)).toBe('6 days ago');
    expect(expenseDateText('2025-03-07', today, EN)).toBe('Mar 7, 2025');
    expect(expenseDateText('2025-03-20', today, EN)).toBe('Mar 20, 2025');
    // Today on the viewer's calendar: already Jan 2 in Tokyo, still Jan 1 in Los Angeles.
    const at = Date.UTC(2026, 0, 1, 20, 0);
    expect(expenseDateText('2026-01-02', new TZDate(at, 'Asia/Tokyo'), EN)).toBe('Today');
    expect(expenseDateText('2026-01-02', new TZDate(at, 'America/Los_Angeles'), EN)).toBe('Jan 2, 2026');
  });

  it('labels dates in German', () => {
    const today = new Date(2025, 2, 14, 9, 30);
    expect(expenseDateText('2025-03-14', today, DE)).toBe('Heute');
    expect(expenseDateText('2025-03-13', today, DE)).toBe('Gestern');
    expect(expenseDateText('2025-03-08', today, DE)).toBe('vor 6 Tagen');
    expect(expenseDateText('2025-03-07', today, DE)).toBe('7. März 2025');
  });

  it('offers Settle on open shares other than the payer’s, to the payer and that member', () => {
    const e = expense();
    const [own, ben, cat] = e.splits as [
      ExpenseView['splits'][0],
      ExpenseView['splits'][0],
      ExpenseView['splits'][0],
    ];
    expect(canSettleSplit(e, own, 'ann')).toBe(false);
    expect(canSettleSplit(e, ben, 'ann')).toBe(true);
    expect(canSettleSplit(e, ben, 'ben')).toBe(true);
    expect(canSettleSplit(e, ben, 'cat')).toBe(false);
    expect(canSettleSplit(e, cat, 'ann')).toBe(false);
    expect(canSettleSplit(e, { ...ben, amount: '0.00' }, 'ann')).toBe(false);
    expect(canSettleSplit(e, { ...own, settled: false }, 'ann')).toBe(false);
  });

  it('adds up the open shares a member owes the payer, as settle-up settles them', () => {
    const list = [
      expense(),
      expense({ id: 'e2', paidBy: 'cat' }),
      expense({
        id: 'e3',
        splits: [{ id: 's9', userId: 'ben', user: null, amount: '4.50', settled: false, settledAt: null }],
      }),
    ];
    expect(openSharesOwed(list, 'ben', 'ann', usd)).toEqual({ cents: 1450, expenses: 2 });
    expect(openSharesOwed(list, 'cat', 'ann', usd)).toEqual({ cents: 0, expenses: 0 });
  });

  it('tells which expenses carry an open debt between two members', () => {
    expect(isBetween(expense(), 'ann', 'ben')).toBe(true);
    expect(isBetween(expense(), 'ben', 'ann')).toBe(true);
    // Cat's share is settled, and Ben and Cat owe each other nothing here.
    expect(isBetween(expense(), 'ann', 'cat')).toBe(false);
    expect(isBetween(expense(), 'ben', 'cat')).toBe(false);
  });
});

describe('the form summary and the stored shares', () => {
  it('agree on whether a split adds up, and on each equal or percentage share', () => {
    const typed = fc.record({
      cents: fc.integer({ min: 1, max: 100_000_000 }),
      splitType: fc.constantFrom('equal', 'percentage', 'custom') as fc.Arbitrary<
        ExpenseFormValues['splitType']
      >,
      entries: fc.array(fc.integer({ min: 0, max: 100_000_000 }), { minLength: 3, maxLength: 3 }),
    });
    fc.assert(
      fc.property(typed, ({ cents, splitType, entries }) => {
        // Percentages from entries (two decimals), custom shares that often add up exactly.
        const percents = entries.map((n) => (n % 10_001) / 100);
        const amounts = [...entries.slice(0, 2).map((n) => n % (cents + 1)), 0];
        amounts[2] = Math.max(0, cents - amounts[0]! - amounts[1]!);
        const typedShares = Object.fromEntries(
          members.map((id, i) => [
            id,
            splitType === 'percentage' ? String(percents[i]) : (amounts[i]! / 100).toFixed(2),
          ]),
        );
        const values = form({ amount: (cents / 100).toFixed(2), splitType, shares: typedShares });
        const summary = splitSummary(values, members, usd);
        const stored = computeShares(
          cents,
          splitType,
          members.map((userId, i) => ({ userId, cents: amounts[i], percent: percents[i] })),
        );
        expect(summary.ok).toBe(stored.ok);
        if (stored.ok && splitType !== 'custom') {
          expect(summary.rows.map((r) => r.cents)).toEqual(stored.shares.map((s) => s.cents));
        }
        if (stored.ok) expect(stored.shares.reduce((s, x) => s + x.cents, 0)).toBe(cents);
      }),
    );
  });
});
