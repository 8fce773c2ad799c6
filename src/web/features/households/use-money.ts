import { useMemo } from 'react';
import { type MoneyFormat, moneyFormat } from '#shared/money.ts';
import { useLocaleFormat } from '../../lib/i18n.tsx';
import { useCurrentHousehold } from './api/get-household.ts';

/** The household's currency as the member's language writes it (docs/money.md, Currencies). */
export function useMoney(): MoneyFormat {
  const { data } = useCurrentHousehold();
  const { locale } = useLocaleFormat();
  const currency = data?.currency;
  return useMemo(() => moneyFormat(currency, locale), [currency, locale]);
}
