import type { ReactNode } from 'react';

/**
 * A list and its detail. From the `md` breakpoint (lib/use-wide.ts) they sit side by side, the
 * detail pane following the page as it scrolls; below it one shows at a time: the detail when
 * `detailOpen`, else the list.
 */
export function TwoPane({
  list,
  detail,
  detailOpen,
  detailLabel,
  narrowList = false,
}: {
  list: ReactNode;
  detail: ReactNode;
  detailOpen: boolean;
  /** The detail pane's accessible name (a region landmark on wide screens). */
  detailLabel: string;
  /** A short list of names (settings' sections): a narrow column, the detail taking the rest. */
  narrowList?: boolean;
}) {
  return (
    <div
      className={`md:grid md:items-start md:gap-6 ${
        narrowList
          ? 'md:grid-cols-[minmax(0,13rem)_minmax(0,1fr)]'
          : 'md:grid-cols-[minmax(0,5fr)_minmax(0,4fr)]'
      }`}
      data-two-pane=""
      data-wide=""
    >
      <div className={`min-w-0 ${detailOpen ? 'hidden md:block' : ''}`} data-pane="list">
        {list}
      </div>
      <section
        aria-label={detailLabel}
        className={`min-w-0 md:sticky md:top-4 md:max-h-[calc(100dvh-2rem)] md:overflow-y-auto ${
          detailOpen ? '' : 'hidden md:block'
        }`}
        data-pane="detail"
      >
        {detail}
      </section>
    </div>
  );
}
