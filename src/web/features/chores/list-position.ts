import { listPosition } from '../../lib/list-position.ts';

const position = listPosition({ key: 'hearth.chores.list', path: '/chores' });

export const choresListUrl = position.backUrl;
export const useOpenedFromList = position.useOpenedFromList;
export const useListPosition = position.useListPosition;
