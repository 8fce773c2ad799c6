import { z } from 'zod';
import { operation } from '../api/operation.ts';
import { choreView } from '../chores/api.ts';
import { expenseView } from '../expenses/api.ts';
import { household } from '../households/api.ts';
import { chatMessage } from '../messages/api.ts';
import { answerInstant } from '../validation.ts';

/** Everything of the household a member can see, as the lists show it. */
const householdExport = z.strictObject({
  exportedAt: answerInstant,
  household: household.nullable(),
  expenses: z.array(expenseView),
  chores: z.array(choreView),
  messages: z.array(chatMessage),
});
export type HouseholdExport = z.output<typeof householdExport>;

export const exportApi = {
  me: operation({
    method: 'GET',
    path: '/api/export/me',
    summary: "The signed-in user's own data as a ZIP, with or without a household",
    tag: 'Export',
    access: 'user',
    responses: { 200: 'application/zip' },
  }),
  household: operation({
    method: 'GET',
    path: '/api/export.json',
    summary: 'Everything of the household a member can see, in one JSON document',
    tag: 'Export',
    access: 'member',
    responses: { 200: householdExport },
  }),
};
