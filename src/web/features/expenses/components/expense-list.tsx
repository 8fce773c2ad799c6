import { memo, type ReactNode, useMemo } from 'react';
import type { PaymentView } from '#shared/expenses/api.ts';
import { useWindowList } from '../../../lib/use-window-list.ts';
import type { HistoryItem, NameOf } from '../ledger-words.ts';
import { ExpenseRow } from './expense-row.tsx';
import { PaymentRow } from './payment-row.tsx';

/** A compact row's height before it is measured (a row and the gap under it). */
const ROW_ESTIMATE_PX = 72;

const historyKey = (item: HistoryItem) => `${item.kind}-${item.id}`;

// Rows already on screen stay as they are while the window moves: only the new ones render.
const Row = memo(ExpenseRow);
const Payment = memo(PaymentRow);

/**
 * The history, virtualised: only the rows near the screen are in the page, the rest is padding
 * of their height. Its own component, so that scrolling renders the list and not the page.
 */
export const ExpenseList = memo(function ExpenseList({
  items,
  viewerId,
  nameOf,
  today,
  openId,
  openDetail,
  detailId,
  onToggle,
  deletingPaymentId,
  onDeletePayment,
}: {
  items: HistoryItem[];
  viewerId: string;
  nameOf: NameOf;
  today: Date;
  openId: string | null;
  /** The open expense's details, shown under its row (phones); null when they show elsewhere. */
  openDetail: ReactNode;
  /** The element an open row controls when its details show elsewhere (the right pane). */
  detailId: string;
  onToggle: (id: string) => void;
  deletingPaymentId: string | null;
  onDeletePayment: (payment: PaymentView) => void;
}) {
  const keys = useMemo(() => items.map(historyKey), [items]);
  const rows = useWindowList(keys, ROW_ESTIMATE_PX);
  return (
    <ul ref={rows.listRef} style={{ paddingTop: rows.before, paddingBottom: rows.after }}>
      {items.slice(rows.start, rows.end).map((item, i) => {
        const index = rows.start + i;
        if (item.kind === 'payment') {
          return (
            <li
              key={historyKey(item)}
              ref={rows.measure}
              data-key={historyKey(item)}
              data-row-index={index}
              className="pb-2"
            >
              <Payment
                payment={item.payment}
                viewerId={viewerId}
                nameOf={nameOf}
                today={today}
                deleting={deletingPaymentId === item.id}
                onDelete={onDeletePayment}
              />
            </li>
          );
        }
        const selected = item.id === openId;
        const inRow = selected && openDetail !== null;
        const rowDetailId = `expense-detail-${item.id}`;
        return (
          <Row
            key={historyKey(item)}
            rowRef={rows.measure}
            expense={item.expense}
            viewerId={viewerId}
            nameOf={nameOf}
            today={today}
            index={index}
            selected={selected}
            onOpen={onToggle}
            detailId={openDetail === null ? detailId : rowDetailId}
          >
            {inRow && <div id={rowDetailId}>{openDetail}</div>}
          </Row>
        );
      })}
    </ul>
  );
});
