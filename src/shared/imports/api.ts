import { z } from 'zod';
import { operation } from '../api/operation.ts';
import { splitwiseImportSchema, splitwisePreviewSchema } from './splitwise.ts';

/** What a Splitwise export holds in one currency; amounts in that currency. */
const splitwiseCurrency = z.strictObject({
  currency: z.string(),
  expenseCount: z.number(),
  paymentCount: z.number(),
  /** The expenses' costs added up, a decimal string with the currency's decimals. */
  total: z.string(),
  /** Every currency but the household's: the import takes a rate for it. */
  needsRate: z.boolean(),
  /** The file's `Total balance` line for it, per person in `people` order (units, 2 decimals). */
  finalBalances: z.array(z.number()).nullable(),
  /** Whether the rows that can be imported add up to that line. */
  balancesMatch: z.boolean(),
});
export type SplitwisePreviewCurrency = z.output<typeof splitwiseCurrency>;

/**
 * What a Splitwise export holds, before anything is written (decision 0008). `currency`,
 * `total` and `finalBalances` are the main currency's (the one of most rows); `expenseCount` and
 * `paymentCount` count every currency; `currencies` gives each.
 */
const splitwisePreview = z.strictObject({
  people: z.array(z.strictObject({ name: z.string(), suggestedUserId: z.string().nullable() })),
  currency: z.string(),
  expenseCount: z.number(),
  paymentCount: z.number(),
  dateRange: z.strictObject({ from: z.string(), to: z.string() }).nullable(),
  total: z.string(),
  finalBalances: z.array(z.strictObject({ name: z.string(), amount: z.number() })).nullable(),
  /** Every currency's rows add up to its `Total balance` line. */
  balancesMatch: z.boolean(),
  /** The household's currency, which every amount is imported in. */
  householdCurrency: z.string(),
  /** Each currency with rows that can be imported: the main one first, then by rows. */
  currencies: z.array(splitwiseCurrency),
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
