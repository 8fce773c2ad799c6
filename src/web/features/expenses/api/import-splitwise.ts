import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SplitwiseImportResult, SplitwisePreview } from '#shared/imports/api.ts';
import { ApiError, apiJson } from '../../../lib/api.ts';
import { refreshExpenses } from './get-expenses.ts';

/** POST /api/import/splitwise/preview: what the file holds; writes nothing. */
export function previewSplitwise(csv: string): Promise<SplitwisePreview> {
  return apiJson<SplitwisePreview>('POST', '/api/import/splitwise/preview', { csv });
}

export function useSplitwisePreview() {
  return useMutation({ mutationFn: previewSplitwise });
}

export interface SplitwiseImportInput {
  csv: string;
  mapping: Record<string, string | null>;
  /** Household units per one unit of each other currency of the file ("1.09"). */
  rates: Record<string, string>;
}

/** How often the page asks whether an accepted import has been written. */
const POLL_MS = 500;

/**
 * POST /api/import/splitwise accepts the file (202) and the server writes it in one transaction
 * after answering; this waits until it is written. 409 when imported before.
 */
export async function importSplitwise(input: SplitwiseImportInput): Promise<SplitwiseImportResult> {
  let result = await apiJson<SplitwiseImportResult>('POST', '/api/import/splitwise', input);
  while (result.state === 'importing') {
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    try {
      result = await apiJson<SplitwiseImportResult>('GET', `/api/import/splitwise/${result.id}`);
    } catch (error) {
      // The server drops an import it can never write (someone in it deleted their account).
      if (error instanceof ApiError && error.status === 404) {
        throw new Error('The import could not be finished, so nothing was imported. Please try again.');
      }
      throw error;
    }
  }
  return result;
}

export function useImportSplitwise() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importSplitwise,
    onSuccess: () => refreshExpenses(queryClient),
  });
}
