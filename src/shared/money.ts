/** Money is integer cents everywhere; the API shows 2-decimal strings ("12.50"). */

/** Dollars as a number or a string such as "1200.50" → integer cents; null when not an amount. */
export function parseDollarsToCents(value: unknown): number | null {
  const text =
    typeof value === 'number'
      ? Number.isFinite(value)
        ? String(value)
        : ''
      : typeof value === 'string'
        ? value.trim()
        : '';
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(text)) return null;
  const [whole, fraction = ''] = text.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** Integer cents → the API's 2-decimal string ("12.50"). */
export function centsToDollars(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** '$1,234.50' (docs/expenses.md, Money on screen). */
export function formatMoney(cents: number): string {
  const text = centsToDollars(Math.abs(cents));
  const [whole = '0', fraction = '00'] = text.split('.');
  return `${cents < 0 ? '-' : ''}$${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${fraction}`;
}
