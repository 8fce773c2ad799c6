// The household ledger's figures (docs/money.md): nets, the person-to-person debts and the
// simplified transfers, all from two lists of sums in integer cents.
import type { MessageId } from '../i18n/compiled/en.ts';
import { type Debt, simplifyDebts } from './rules.ts';

/** Shares: `debtor` has shares worth `cents` in expenses `creditor` paid (own shares included). */
export interface ShareFlow {
  debtor: string;
  creditor: string;
  cents: number;
}

/** Payments: `from` paid `to` `cents` in all. */
export interface PaymentFlow {
  from: string;
  to: string;
  cents: number;
}

/** A member's net and how it is made: paid − shares + payments made − payments received. */
export interface MemberNet {
  userId: string;
  paid: number;
  shares: number;
  paymentsMade: number;
  paymentsReceived: number;
  net: number;
}

export interface LedgerFigures {
  members: MemberNet[];
  /** Each pair netted once: shares between the two, less payments between the two. */
  pairwise: Debt[];
  /** The fewest transfers that settle every net. */
  simplified: Debt[];
}

function member(map: Map<string, MemberNet>, userId: string): MemberNet {
  let found = map.get(userId);
  if (!found) {
    found = { userId, paid: 0, shares: 0, paymentsMade: 0, paymentsReceived: 0, net: 0 };
    map.set(userId, found);
  }
  return found;
}

/**
 * Every figure of the ledger. `members` lists everyone who appears (and `also`, e.g. the
 * household's current members, with zeros), by user id.
 */
export function ledgerFigures(
  shares: ShareFlow[],
  payments: PaymentFlow[],
  also: string[] = [],
): LedgerFigures {
  const members = new Map<string, MemberNet>();
  for (const id of also) member(members, id);
  // pair[a][b] for a < b: what a owes b (negative: b owes a).
  const pair = new Map<string, Map<string, number>>();
  const owe = (debtor: string, creditor: string, cents: number) => {
    if (debtor === creditor || cents === 0) return;
    const [a, b, sign] = debtor < creditor ? [debtor, creditor, 1] : [creditor, debtor, -1];
    let row = pair.get(a);
    if (!row) {
      row = new Map();
      pair.set(a, row);
    }
    row.set(b, (row.get(b) ?? 0) + sign * cents);
  };
  for (const s of shares) {
    member(members, s.creditor).paid += s.cents;
    member(members, s.debtor).shares += s.cents;
    owe(s.debtor, s.creditor, s.cents);
  }
  for (const p of payments) {
    member(members, p.from).paymentsMade += p.cents;
    member(members, p.to).paymentsReceived += p.cents;
    // Paying someone reduces what you owe them, or makes them owe you.
    owe(p.to, p.from, p.cents);
  }
  for (const m of members.values()) m.net = m.paid - m.shares + m.paymentsMade - m.paymentsReceived;

  const pairwise: Debt[] = [];
  for (const a of [...pair.keys()].sort()) {
    const row = pair.get(a)!;
    for (const b of [...row.keys()].sort()) {
      const cents = row.get(b)!;
      if (cents > 0) pairwise.push({ from: a, to: b, cents });
      else if (cents < 0) pairwise.push({ from: b, to: a, cents: -cents });
    }
  }
  const sorted = [...members.values()].sort((x, y) =>
    x.userId < y.userId ? -1 : x.userId > y.userId ? 1 : 0,
  );
  return {
    members: sorted,
    pairwise,
    simplified: simplifyDebts(new Map(sorted.map((m) => [m.userId, m.net]))),
  };
}

/** The debts the household shows and settles in, by its setting. */
export function debtsInView(figures: LedgerFigures, simplify: boolean): Debt[] {
  return simplify ? figures.simplified : figures.pairwise;
}

/** What one member is owed and owes in the debts shown. */
export function totalsFor(debts: Debt[], userId: string): { owedCents: number; owingCents: number } {
  let owedCents = 0;
  let owingCents = 0;
  for (const d of debts) {
    if (d.to === userId) owedCents += d.cents;
    if (d.from === userId) owingCents += d.cents;
  }
  return { owedCents, owingCents };
}

/** The debt shown from one member to another, 0 when there is none. */
export function debtBetween(debts: Debt[], from: string, to: string): number {
  return debts.find((d) => d.from === from && d.to === to)?.cents ?? 0;
}

/** The viewer's standing in words, as home and Expenses show it: a zero is neutral. */
export function netSentence(
  netCents: number,
  format: (cents: number) => string,
  t: (id: MessageId, values?: Record<string, unknown>) => string,
): string {
  if (netCents > 0) return t('expenses.net.owed', { amount: format(netCents) });
  if (netCents < 0) return t('expenses.net.owe', { amount: format(-netCents) });
  return t('expenses.net.settled');
}
