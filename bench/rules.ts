// Pure rules at scale: balances and debt simplification for 10,000 expenses among 10 members,
// calling the shared functions directly (no server, no database).
import {
  type BalanceSplit,
  equalSplit,
  memberTotals,
  netBalances,
  pairwiseDebts,
  simplifyDebts,
} from '#shared/expenses.ts';
import { randomFrom } from './dashboard.ts';
import { percentile } from './lib.ts';

export interface RulesResult {
  expenses: number;
  members: number;
  splits: number;
  runs: number;
  /** Median ms per call over `runs` calls, after warm-up. */
  netBalancesMs: number;
  simplifyDebtsMs: number;
  pairwiseDebtsMs: number;
  memberTotalsAllMs: number;
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

export function runRulesBench(expenses = 10_000, members = 10, runs = 30): RulesResult {
  const random = randomFrom(42);
  const ids = Array.from({ length: members }, (_, i) => `member-${i}`);
  const splits: BalanceSplit[] = [];
  for (let e = 0; e < expenses; e++) {
    const paidBy = ids[Math.floor(random() * members)]!;
    const amount = 300 + Math.floor(random() * 20_000);
    for (const s of equalSplit(amount, ids))
      splits.push({ expenseId: `e${e}`, paidBy, userId: s.userId, cents: s.cents, settled: random() < 0.6 });
  }
  const balances = netBalances(splits);
  return {
    expenses,
    members,
    splits: splits.length,
    runs,
    netBalancesMs: median(() => netBalances(splits), runs),
    simplifyDebtsMs: median(() => simplifyDebts(balances), runs),
    pairwiseDebtsMs: median(() => pairwiseDebts(splits), runs),
    memberTotalsAllMs: median(() => ids.map((id) => memberTotals(splits, id)), runs),
    transfers: simplifyDebts(balances).length,
  };
}
