// What the rest of the app may import from this feature (docs/client.md, Features).
export { balanceQueryKey } from './api/get-balance.ts';
export { balancesQueryKey } from './api/get-balances.ts';
export { expensesQueryKey, fetchExpenses } from './api/get-expenses.ts';
export { paymentsQueryKey } from './api/get-payments.ts';
export { trashQueryKey } from './api/get-trash.ts';
