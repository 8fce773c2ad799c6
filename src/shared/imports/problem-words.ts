// A row problem of a Splitwise preview in the reader's language. The preview carries each reason in
// the English words of ./splitwise.ts; these read its values back into a message of the imports area.
import type { Translate } from '../expenses/view.ts';
import type { MessageId } from '../i18n/compiled/en.ts';

/** Each reason's words (as splitwise.ts writes them), its message and the names of its values. */
const REASONS: [RegExp, MessageId, string[]][] = [
  [/^The date '(.*)' is not a date \(YYYY-MM-DD\)$/s, 'imports.problem.dateInvalid', ['value']],
  [
    /^The date (\S+) is not between (\S+) and (\S+)$/,
    'imports.problem.dateOutOfRange',
    ['date', 'earliest', 'latest'],
  ],
  [/^The row has no currency$/, 'imports.problem.noCurrency', []],
  [
    /^The currency '(.*)' is not an ISO 4217 code such as USD, EUR or JPY$/s,
    'imports.problem.currencyInvalid',
    ['value'],
  ],
  [/^The cost '(.*)' is not an amount$/s, 'imports.problem.costInvalid', ['value']],
  [
    /^The cost (.*) cannot be written in (\S+), which has (?:no decimals|(\d+) decimals?)$/s,
    'imports.problem.costDecimals',
    ['value', 'currency', 'decimals'],
  ],
  [/^The share of (.*) '(.*)' is not an amount$/s, 'imports.problem.shareInvalid', ['person', 'value']],
  [/^The shares do not add up: they sum to (\S+) instead of 0$/, 'imports.problem.sharesSum', ['sum']],
  [/^Nobody owes anybody anything on this row$/, 'imports.problem.nobodyOwes', []],
  [/^The shares are larger than the cost$/, 'imports.problem.sharesTooLarge', []],
  [/^A payment must be from one person to one person$/, 'imports.problem.paymentPeople', []],
  [/^The payment does not match its cost$/, 'imports.problem.paymentMismatch', []],
];

/** Why a row is not imported, translated; a reason this app does not know is shown as it came. */
export function problemText(reason: string, t: Translate): string {
  for (const [pattern, id, names] of REASONS) {
    const match = pattern.exec(reason);
    if (!match) continue;
    // "no decimals" leaves the count out: it is 0.
    const values = Object.fromEntries(
      names.map((name, i) => [name, name === 'decimals' ? Number(match[i + 1] ?? 0) : match[i + 1]]),
    );
    return t(id, values);
  }
  return reason;
}
