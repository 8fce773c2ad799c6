import { z } from 'zod';
import { operation } from '../api/operation.ts';
import { splitwiseImportSchema, splitwisePreviewSchema } from './splitwise.ts';

/** What a Splitwise export holds, before anything is written (decision 0008). */
const splitwisePreview = z.strictObject({
  people: z.array(z.strictObject({ name: z.string(), suggestedUserId: z.string().nullable() })),
  currency: z.string(),
  expenseCount: z.number(),
  paymentCount: z.number(),
  dateRange: z.strictObject({ from: z.string(), to: z.string() }).nullable(),
  total: z.string(),
  finalBalances: z.array(z.strictObject({ name: z.string(), amount: z.number() })).nullable(),
  balancesMatch: z.boolean(),
  /** The first SPLITWISE_MAX_PROBLEMS rows that cannot be imported, in file order. */
  problems: z.array(z.strictObject({ row: z.number(), reason: z.string() })),
  /** Every row that cannot be imported, listed or not. */
  problemCount: z.number(),
});
export type SplitwisePreview = z.output<typeof splitwisePreview>;

/**
 * An import: accepted at once, its rows written in the background in one transaction, all or
 * nothing (decision 0008). The counts are what it writes.
 */
export const IMPORT_STATES = ['importing', 'done'] as const;
export type ImportState = (typeof IMPORT_STATES)[number];
const splitwiseImportResult = z.strictObject({
  id: z.string(),
  state: z.enum(IMPORT_STATES),
  expenses: z.number(),
  payments: z.number(),
  skippedRows: z.number(),
  carriedOver: z.number(),
});
export type SplitwiseImportResult = z.output<typeof splitwiseImportResult>;

const importParams = z.object({ id: z.string().min(1).max(100) });

export const importsApi = {
  splitwisePreview: operation({
    method: 'POST',
    path: '/api/import/splitwise/preview',
    summary: 'Read a Splitwise export and suggest a member for each person in it',
    tag: 'Imports',
    access: 'member',
    body: splitwisePreviewSchema,
    responses: { 200: splitwisePreview },
  }),
  splitwise: operation({
    method: 'POST',
    path: '/api/import/splitwise',
    summary: "Import a Splitwise export's expenses and payments into the household",
    tag: 'Imports',
    access: 'member',
    body: splitwiseImportSchema,
    responses: { 202: splitwiseImportResult },
  }),
  splitwiseImport: operation({
    method: 'GET',
    path: '/api/import/splitwise/:id',
    summary: 'Whether an import has been written yet, and what it writes',
    tag: 'Imports',
    access: 'member',
    params: importParams,
    responses: { 200: splitwiseImportResult },
  }),
};
