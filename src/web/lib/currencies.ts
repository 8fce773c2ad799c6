import { currencyCodes } from '#shared/money.ts';

/** Every currency as a select offers it, `first` at the top: "EUR · Euro" in the reader's language. */
export function currencyOptions(first: string, locale: string): { value: string; label: string }[] {
  const names = new Intl.DisplayNames([locale], { type: 'currency' });
  const option = (code: string) => ({ value: code, label: `${code} · ${names.of(code) ?? code}` });
  return [
    option(first),
    ...currencyCodes()
      .filter((code) => code !== first)
      .map(option),
  ];
}
