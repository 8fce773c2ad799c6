import type { SplitwisePreview } from '#shared/imports/api.ts';
import { ratesNeeded, SPLITWISE_MAX_PROBLEMS, type SplitwiseFile } from '#shared/imports/splitwise.ts';
import { hundredthsIn } from '#shared/imports/splitwise-money.ts';
import { currencyExponent, formatAmount, isCurrency } from '#shared/money.ts';

/** Hundredths as a number of units, as the preview's balances have always been sent. */
const units = (hundredths: number) => hundredths / 100;

/** Hundredths of a currency as its decimal string ("1200" JPY); every cost fits its decimals. */
function written(hundredths: number, currency: string): string {
  const exponent = isCurrency(currency) ? currencyExponent(currency) : 2;
  return formatAmount(hundredthsIn(hundredths, exponent) ?? Math.round(hundredths / 100), exponent);
}

/** The preview's answer: what the file holds, per currency, for a household in `householdCurrency`. */
export function previewOf(
  file: SplitwiseFile,
  suggested: Record<string, string | null>,
  householdCurrency: string,
): SplitwisePreview {
  const main = file.currencies.find((part) => part.currency === file.currency);
  const needed = new Set(ratesNeeded(file, householdCurrency));
  return {
    people: file.people.map((name) => ({ name, suggestedUserId: suggested[name] ?? null })),
    currency: file.currency,
    expenseCount: file.expenses.length,
    paymentCount: file.payments.length,
    dateRange: file.dateRange,
    total: written(main?.total ?? 0, file.currency),
    finalBalances: main?.finalBalances?.map((b, i) => ({ name: file.people[i]!, amount: units(b) })) ?? null,
    balancesMatch: file.balancesMatch,
    householdCurrency,
    currencies: file.currencies.map((part) => ({
      currency: part.currency,
      expenseCount: part.expenseCount,
      paymentCount: part.paymentCount,
      total: written(part.total, part.currency),
      needsRate: needed.has(part.currency),
      finalBalances: part.finalBalances?.map(units) ?? null,
      balancesMatch: part.balancesMatch,
    })),
    problems: file.problems.slice(0, SPLITWISE_MAX_PROBLEMS),
    problemCount: file.problems.length,
  };
}
