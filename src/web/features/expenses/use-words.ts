import '#shared/i18n/compiled/areas/expenses.ts';
import type { Words } from '#shared/expenses/view.ts';
import { useLocaleFormat, useT } from '../../lib/i18n.tsx';

/** The active language's translate function and `Intl` tag, for the money screens' sentence helpers. */
export function useWords(): Words {
  const t = useT();
  const { locale } = useLocaleFormat();
  return { t, locale };
}
