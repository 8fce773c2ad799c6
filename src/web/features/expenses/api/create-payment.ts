import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PaymentView } from '#shared/expenses/api.ts';
import type { CreatePaymentInput } from '#shared/expenses/payments.ts';
import { apiJson } from '../../../lib/api.ts';
import { refreshExpenses } from './get-expenses.ts';

/** POST /api/payments: the server answers a repeated `clientId` with the first payment. */
export function createPayment(input: CreatePaymentInput): Promise<PaymentView> {
  return apiJson<PaymentView>('POST', '/api/payments', input);
}

/**
 * A new id for one opening of the payment dialog, so a double tap or a retry records one payment.
 * getRandomValues works on plain http too (randomUUID needs a secure origin).
 */
export function newClientId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export function useCreatePayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPayment,
    onError: (error) => console.warn('Recording the payment failed', error),
    onSettled: () => refreshExpenses(queryClient),
  });
}
