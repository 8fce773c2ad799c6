import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type MessageId, translate } from '../i18n/catalogs.ts';
import { formatMoney, moneyFormat } from '../money.ts';
import {
  debtBetween,
  debtsInView,
  type LedgerFigures,
  ledgerFigures,
  netSentence,
  type PaymentFlow,
  type ShareFlow,
  totalsFor,
} from './ledger.ts';
import {
  customSplit,
  type Debt,
  equalSplit,
  MAX_EXPENSE_CENTS,
  percentageSplit,
  SPLIT_TYPES,
  type SplitType,
} from './rules.ts';

interface Expense {
  type: SplitType;
  payer: string;
  amountCents: number;
  shares: { userId: string; cents: number }[];
}

interface Ledger {
  members: string[];
  expenses: Expense[];
  payments: PaymentFlow[];
}

const sum = (values: number[]) => values.reduce((s, v) => s + v, 0);

/** `k` non-negative integers that add up to `total`: the gaps between k − 1 random cuts. */
const parts = (total: number, k: number) =>
  fc.array(fc.integer({ min: 0, max: total }), { minLength: k - 1, maxLength: k - 1 }).map((cuts) => {
    const points = [0, ...cuts.sort((a, b) => a - b), total];
    return points.slice(1).map((p, i) => p - points[i]!);
  });

const householdArb = fc.uniqueArray(fc.string({ minLength: 1, maxLength: 6 }), {
  minLength: 2,
  maxLength: 8,
});

/** An expense as the create rules make it: split equally, by percentages or by amounts. */
const expenseArb = (members: string[]): fc.Arbitrary<Expense> =>
  fc
    .record({
      type: fc.constantFrom(...SPLIT_TYPES),
      payer: fc.constantFrom(...members),
      amountCents: fc.integer({ min: 1, max: MAX_EXPENSE_CENTS }),
      among: fc.shuffledSubarray(members, { minLength: 1 }),
    })
    .chain(({ type, payer, amountCents, among }) => {
      const expense = (shares: { userId: string; cents: number }[]) => ({ type, payer, amountCents, shares });
      if (type === 'equal') return fc.constant(expense(equalSplit(amountCents, among)));
      if (type === 'percentage') {
        // Percentages with two decimals that add up to 100.
        return parts(10_000, among.length).map((basisPoints) =>
          expense(
            percentageSplit(
              amountCents,
              among.map((userId, i) => ({ userId, percent: basisPoints[i]! / 100 })),
            ),
          ),
        );
      }
      // Custom amounts that add up, or are a cent off as the create rules allow.
      return fc.integer({ min: -1, max: 1 }).chain((off) =>
        parts(amountCents + off, among.length).map((cents) =>
          expense(
            customSplit(
              amountCents,
              among.map((userId, i) => ({ userId, cents: cents[i]! })),
            ) ?? [],
          ),
        ),
      );
    });

/** A payment of any amount between two members, either way. */
const paymentArb = (members: string[]): fc.Arbitrary<PaymentFlow> =>
  fc
    .record({
      pair: fc.shuffledSubarray(members, { minLength: 2, maxLength: 2 }),
      cents: fc.integer({ min: 1, max: MAX_EXPENSE_CENTS }),
    })
    .map(({ pair: [from, to], cents }) => ({ from: from!, to: to!, cents }));

const ledgerOf = (members: string[], minExpenses = 0): fc.Arbitrary<Ledger> =>
  fc.record({
    members: fc.constant(members),
    expenses: fc.array(expenseArb(members), { minLength: minExpenses, maxLength: 12 }),
    payments: fc.array(paymentArb(members), { maxLength: 8 }),
  });

const ledgerArb = householdArb.chain((members) => ledgerOf(members));

/** Each share: its member owes the payer its cents (the payer's own share included). */
const shareFlows = (expenses: Expense[]): ShareFlow[] =>
  expenses.flatMap((e) => e.shares.map((s) => ({ debtor: s.userId, creditor: e.payer, cents: s.cents })));

const figuresOf = (ledger: Ledger): LedgerFigures =>
  ledgerFigures(shareFlows(ledger.expenses), ledger.payments, ledger.members);

const netsOf = (figures: LedgerFigures) => new Map(figures.members.map((m) => [m.userId, m.net]));

/** The same ledger after paying exactly `debts`. */
const paying = (ledger: Ledger, debts: Debt[]): Ledger => ({
  ...ledger,
  payments: [...ledger.payments, ...debts.map(({ from, to, cents }) => ({ from, to, cents }))],
});

/** What an expense adds to a member's net: what they paid less their share. */
const expenseEffect = (e: Expense, userId: string) =>
  (e.payer === userId ? e.amountCents : 0) -
  sum(e.shares.filter((s) => s.userId === userId).map((s) => s.cents));

const paymentEffect = (p: PaymentFlow, userId: string) =>
  (p.from === userId ? p.cents : 0) - (p.to === userId ? p.cents : 0);

/** Every net is 0 and the view shows no debt. */
const expectSettled = (figures: LedgerFigures, simplify: boolean) => {
  expect(figures.members.filter((m) => m.net !== 0)).toEqual([]);
  expect(debtsInView(figures, simplify)).toEqual([]);
};

describe('random expenses (the generator itself)', () => {
  it('split equally, by percentages or by amounts, always add up to the amount, with no negative share', () => {
    fc.assert(
      fc.property(
        householdArb.chain((members) => expenseArb(members)),
        (e) => {
          expect(sum(e.shares.map((s) => s.cents))).toBe(e.amountCents);
          expect(e.shares.every((s) => Number.isInteger(s.cents) && s.cents >= 0)).toBe(true);
        },
      ),
    );
  });
});

describe('ledger figures (property-based)', () => {
  it('nets add up to exactly 0, and each net is paid − shares + payments made − payments received', () => {
    fc.assert(
      fc.property(ledgerArb, (ledger) => {
        const { members } = figuresOf(ledger);
        expect(members.map((m) => m.userId)).toEqual([...ledger.members].sort());
        expect(sum(members.map((m) => m.net))).toBe(0);
        for (const m of members) {
          const paid = sum(ledger.expenses.filter((e) => e.payer === m.userId).map((e) => e.amountCents));
          const shares = sum(
            ledger.expenses.flatMap((e) => e.shares.filter((s) => s.userId === m.userId).map((s) => s.cents)),
          );
          const paymentsMade = sum(ledger.payments.filter((p) => p.from === m.userId).map((p) => p.cents));
          const paymentsReceived = sum(ledger.payments.filter((p) => p.to === m.userId).map((p) => p.cents));
          expect(m).toEqual({
            userId: m.userId,
            paid,
            shares,
            paymentsMade,
            paymentsReceived,
            net: paid - shares + paymentsMade - paymentsReceived,
          });
        }
      }),
    );
  });

  it('paying exactly every simplified transfer brings every net and every debt to 0, in at most n − 1 transfers', () => {
    fc.assert(
      fc.property(ledgerArb, (ledger) => {
        const before = figuresOf(ledger);
        const shown = debtsInView(before, true);
        const unsettled = before.members.filter((m) => m.net !== 0).length;
        expect(shown.length).toBeLessThanOrEqual(ledger.members.length - 1);
        expect(shown.length).toBeLessThanOrEqual(Math.max(0, unsettled - 1));
        expect(shown.every((d) => d.cents > 0 && d.from !== d.to)).toBe(true);
        // Only the simplified view is settled: person to person, a cycle of equal debts may be left.
        expectSettled(figuresOf(paying(ledger, shown)), true);
      }),
    );
  });

  it('paying exactly every person-to-person debt brings every net and every debt to 0', () => {
    fc.assert(
      fc.property(ledgerArb, (ledger) => {
        const shown = debtsInView(figuresOf(ledger), false);
        expect(shown.every((d) => d.cents > 0 && d.from !== d.to)).toBe(true);
        const after = figuresOf(paying(ledger, shown));
        expectSettled(after, false);
        expectSettled(after, true);
      }),
    );
  });

  it('each person-to-person debt is the shares between the two less the payments between the two', () => {
    fc.assert(
      fc.property(ledgerArb, (ledger) => {
        const { pairwise } = figuresOf(ledger);
        const shares = shareFlows(ledger.expenses);
        const sharesOwed = (a: string, b: string) =>
          sum(shares.filter((s) => s.debtor === a && s.creditor === b).map((s) => s.cents));
        const paid = (a: string, b: string) =>
          sum(ledger.payments.filter((p) => p.from === a && p.to === b).map((p) => p.cents));
        for (const a of ledger.members) {
          for (const b of ledger.members) {
            if (a === b) continue;
            const owes = sharesOwed(a, b) - sharesOwed(b, a) - paid(a, b) + paid(b, a);
            expect(pairwise.filter((d) => d.from === a && d.to === b)).toEqual(
              owes > 0 ? [{ from: a, to: b, cents: owes }] : [],
            );
          }
        }
      }),
    );
  });

  it('an edit of an expense (shares, payer, amount) followed by its inverse restores every net and both views exactly', () => {
    fc.assert(
      fc.property(
        householdArb.chain((members) =>
          fc.record({ ledger: ledgerOf(members, 1), replacement: expenseArb(members), at: fc.nat() }),
        ),
        ({ ledger, replacement, at }) => {
          const i = at % ledger.expenses.length;
          const original = ledger.expenses[i]!;
          const before = figuresOf(ledger);
          const edited = { ...ledger, expenses: ledger.expenses.with(i, replacement) };
          // In between, each net moves by exactly the new expense's effect less the old one's.
          const nets = netsOf(figuresOf(edited));
          for (const m of before.members) {
            expect(nets.get(m.userId)).toBe(
              m.net + expenseEffect(replacement, m.userId) - expenseEffect(original, m.userId),
            );
          }
          const undone = { ...edited, expenses: edited.expenses.with(i, original) };
          expect(figuresOf(undone)).toEqual(before);
        },
      ),
    );
  });

  it('deleting an expense or a payment and restoring it restores every figure exactly', () => {
    fc.assert(
      fc.property(ledgerArb, fc.nat(), (ledger, at) => {
        const count = ledger.expenses.length + ledger.payments.length;
        fc.pre(count > 0);
        const i = at % count;
        const before = figuresOf(ledger);
        const bare = (l: Ledger) => ledgerFigures(shareFlows(l.expenses), l.payments);
        const bareBefore = bare(ledger);
        let deleted: Ledger;
        let restored: Ledger;
        let effect: (userId: string) => number;
        if (i < ledger.expenses.length) {
          const expense = ledger.expenses[i]!;
          deleted = { ...ledger, expenses: ledger.expenses.toSpliced(i, 1) };
          // A restored item may come back in another place in the lists.
          restored = { ...deleted, expenses: [...deleted.expenses, expense] };
          effect = (userId) => expenseEffect(expense, userId);
        } else {
          const payment = ledger.payments[i - ledger.expenses.length]!;
          deleted = { ...ledger, payments: ledger.payments.toSpliced(i - ledger.expenses.length, 1) };
          restored = { ...deleted, payments: [...deleted.payments, payment] };
          effect = (userId) => paymentEffect(payment, userId);
        }
        const nets = netsOf(figuresOf(deleted));
        for (const m of before.members) expect(nets.get(m.userId)).toBe(m.net - effect(m.userId));
        expect(figuresOf(restored)).toEqual(before);
        expect(bare(restored)).toEqual(bareBefore);
      }),
    );
  });
});

describe('totalsFor, debtBetween and debtsInView', () => {
  it('in either view, what a member is owed less what they owe is their net', () => {
    fc.assert(
      fc.property(ledgerArb, fc.boolean(), (ledger, simplify) => {
        const figures = figuresOf(ledger);
        const debts = debtsInView(figures, simplify);
        for (const m of figures.members) {
          const { owedCents, owingCents } = totalsFor(debts, m.userId);
          expect(owedCents).toBe(sum(debts.filter((d) => d.to === m.userId).map((d) => d.cents)));
          expect(owingCents).toBe(sum(debts.filter((d) => d.from === m.userId).map((d) => d.cents)));
          expect(owedCents - owingCents).toBe(m.net);
        }
      }),
    );
  });

  it('debtsInView shows the simplified transfers when Simplify debts is on, the person-to-person debts when off', () => {
    fc.assert(
      fc.property(ledgerArb, (ledger) => {
        const figures = figuresOf(ledger);
        expect(debtsInView(figures, true)).toBe(figures.simplified);
        expect(debtsInView(figures, false)).toBe(figures.pairwise);
      }),
    );
  });

  it('debtBetween is the one debt shown from one member to the other, 0 when none or the other way', () => {
    fc.assert(
      fc.property(ledgerArb, fc.boolean(), (ledger, simplify) => {
        const debts = debtsInView(figuresOf(ledger), simplify);
        for (const a of ledger.members) {
          expect(debtBetween(debts, a, a)).toBe(0);
          for (const b of ledger.members) {
            if (a === b) continue;
            const listed = debts.filter((d) => d.from === a && d.to === b);
            expect(listed.length).toBeLessThanOrEqual(1);
            expect(debtBetween(debts, a, b)).toBe(listed[0]?.cents ?? 0);
            // A pair owes one way at most.
            expect(debtBetween(debts, a, b) === 0 || debtBetween(debts, b, a) === 0).toBe(true);
          }
        }
      }),
    );
  });

  it('totalsFor and debtBetween read an example as shown', () => {
    const debts = [
      { from: 'ben', to: 'ann', cents: 600 },
      { from: 'cat', to: 'ann', cents: 200 },
      { from: 'cat', to: 'ben', cents: 50 },
    ];
    expect(totalsFor(debts, 'ann')).toEqual({ owedCents: 800, owingCents: 0 });
    expect(totalsFor(debts, 'ben')).toEqual({ owedCents: 50, owingCents: 600 });
    expect(totalsFor(debts, 'dan')).toEqual({ owedCents: 0, owingCents: 0 });
    expect(debtBetween(debts, 'cat', 'ben')).toBe(50);
    expect(debtBetween(debts, 'ben', 'cat')).toBe(0);
  });
});

describe('netSentence', () => {
  const en = (id: MessageId, values?: Record<string, unknown>) => translate('en', id, values);
  const de = (id: MessageId, values?: Record<string, unknown>) => translate('de', id, values);

  it('speaks German', () => {
    const eur = moneyFormat('EUR', 'de-DE').format;
    expect(netSentence(1234, eur, de)).toBe('Dir werden insgesamt 12,34\u00a0€ geschuldet');
    expect(netSentence(-1, eur, de)).toBe('Du schuldest insgesamt 0,01\u00a0€');
    expect(netSentence(0, eur, de)).toBe('Du bist mit allen quitt');
  });

  it('is neutral at 0, never "You owe $0.00"', () => {
    expect(netSentence(0, formatMoney, en)).toBe('You are all settled up');
    expect(netSentence(-0, formatMoney, en)).toBe('You are all settled up');
    expect(netSentence(1234, formatMoney, en)).toBe('You are owed $12.34 overall');
    expect(netSentence(-1, formatMoney, en)).toBe('You owe $0.01 overall');
  });

  it('says owed for a positive net and owe for a negative one, with the amount without its sign', () => {
    fc.assert(
      fc.property(fc.integer({ min: -10 * MAX_EXPENSE_CENTS, max: 10 * MAX_EXPENSE_CENTS }), (net) => {
        const sentence = netSentence(net, formatMoney, en);
        if (net > 0) expect(sentence).toBe(`You are owed ${formatMoney(net)} overall`);
        else if (net < 0) expect(sentence).toBe(`You owe ${formatMoney(-net)} overall`);
        else expect(sentence).toBe('You are all settled up');
        expect(sentence).not.toContain('$0.00');
        expect(sentence).not.toContain('-');
      }),
    );
  });
});
