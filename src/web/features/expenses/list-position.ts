import { listPosition } from '../../lib/list-position.ts';

const position = listPosition({ key: 'hearth.expenses.list', path: '/expenses', openParam: 'open' });

export const expensesListUrl = position.backUrl;
export const useOpenedFromList = position.useOpenedFromList;
export const useListPosition = position.useListPosition;
