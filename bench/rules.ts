// Pure rules at scale: the ledger's figures and debt simplification for 10,000 expenses and
// 2,000 payments among 10 members, calling the shared functions directly (no server, no database).

import { ledgerFigures, type PaymentFlow, type ShareFlow, totalsFor } from '#shared/expenses/ledger.ts';
import { equalSplit, simplifyDebts } from '#shared/expenses/rules.ts';
import { randomFrom } from './dashboard.ts';
import { percentile } from './lib.ts';

export interface RulesResult {
  expenses: number;
  payments: number;
  members: number;
  shares: number;
  runs: number;
  /** Median ms per call over `runs` calls, after warm-up. */
  ledgerFiguresMs: number;
  simplifyDebtsMs: number;
  totalsAllMs: number;
  transfers: number;
}

function median(fn: () => unknown, runs: number): number {
  for (let i = 0; i < 5; i++) fn();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    fn();
    times.push(performance.now() - t);
  }
  return percentile(times, 50);
}

export function runRulesBench(expenses = 10_000, members = 10, runs = 30, paymentCount = 2_000): RulesResult {
  const random = randomFrom(42);
  const ids = Array.from({ length: members }, (_, i) => `member-${i}`);
  const shares: ShareFlow[] = [];
  for (let e = 0; e < expenses; e++) {
    const creditor = ids[Math.floor(random() * members)]!;
    const amount = 300 + Math.floor(random() * 20_000);
    for (const s of equalSplit(amount, ids)) shares.push({ debtor: s.userId, creditor, cents: s.cents });
  }
  const payments: PaymentFlow[] = [];
  for (let p = 0; p < paymentCount; p++) {
    const from = ids[Math.floor(random() * members)]!;
    const to = ids[(ids.indexOf(from) + 1 + Math.floor(random() * (members - 1))) % members]!;
    payments.push({ from, to, cents: 100 + Math.floor(random() * 10_000) });
  }
  const figures = ledgerFigures(shares, payments);
  const nets = new Map(figures.members.map((m) => [m.userId, m.net]));
  return {
    expenses,
    payments: paymentCount,
    members,
    shares: shares.length,
    runs,
    ledgerFiguresMs: median(() => ledgerFigures(shares, payments), runs),
    simplifyDebtsMs: median(() => simplifyDebts(nets), runs),
    totalsAllMs: median(() => ids.map((id) => totalsFor(figures.simplified, id)), runs),
    transfers: figures.simplified.length,
  };
}
