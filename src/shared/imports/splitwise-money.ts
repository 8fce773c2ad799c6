import { apportion, convertAmount } from '../money.ts';

/**
 * Amounts of a Splitwise export in the household's currency (docs/decisions/0008, Addendum for
 * issue 28). Splitwise writes every amount with two decimals whatever its currency, so the file
 * is read in hundredths of each row's currency and converted from there.
 */

/** The decimals Splitwise writes every currency with. */
export const SPLITWISE_EXPONENT = 2;

/** The household's currency and, for each other currency, household units per one unit of it. */
export interface ImportMoney {
  currency: string;
  rates: Readonly<Record<string, string>>;
}

/** The rate a currency of the file converts at: "1" for the household's own, else the one given. */
export function rateOf(money: ImportMoney, currency: string): string | null {
  if (currency === money.currency) return '1';
  return Object.hasOwn(money.rates, currency) ? (money.rates[currency] ?? null) : null;
}

/**
 * Hundredths written in a currency with `exponent` decimals, exactly: 1200.00 JPY is 1200 yen and
 * 1.25 KWD is 1250 fils; null when the currency cannot write them (1200.50 JPY).
 */
export function hundredthsIn(hundredths: number, exponent: number): number | null {
  if (exponent >= SPLITWISE_EXPONENT) return hundredths * 10 ** (exponent - SPLITWISE_EXPONENT);
  const unit = 10 ** (SPLITWISE_EXPONENT - exponent);
  return hundredths % unit === 0 ? hundredths / unit : null;
}

/** A cost or payment (hundredths, not negative) in the household's minor units, rounded once. */
export function convertHundredths(hundredths: number, rate: string, toExponent: number): number {
  return convertAmount(hundredths, SPLITWISE_EXPONENT, rate, toExponent);
}

/**
 * People's balances in one currency (hundredths, adding up to 0) in the household's minor units,
 * still adding up to exactly 0: what the creditors are owed is converted once, then apportioned
 * among the creditors and, the same total, among the debtors (largest remainder each).
 */
export function convertBalances(balances: readonly number[], rate: string, toExponent: number): number[] {
  const owed = balances.reduce((sum, b) => (b > 0 ? sum + b : sum), 0);
  const total = convertHundredths(owed, rate, toExponent);
  const credit = apportion(
    total,
    balances.map((b) => Math.max(b, 0)),
  );
  const debit = apportion(
    total,
    balances.map((b) => Math.max(-b, 0)),
  );
  return balances.map((_, i) => (credit[i] ?? 0) - (debit[i] ?? 0));
}
