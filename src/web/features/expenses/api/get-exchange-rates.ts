import { useQuery } from '@tanstack/react-query';
import { getQueryFn } from '../../../lib/api.ts';

/** GET /api/expenses/exchange-rates: the rate last used for each other currency, e.g. {"EUR": "1.09"}. */
export function useExchangeRates() {
  return useQuery({
    queryKey: ['/api/expenses/exchange-rates'] as const,
    queryFn: getQueryFn<Record<string, string>>({ on401: 'throw' }),
  });
}
