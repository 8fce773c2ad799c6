// The money cards as the server renders them (no browser here): what each member is shown.

import { I18nProvider } from '@lingui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { BalanceTotalsView, HouseholdBalancesView } from '#shared/expenses/api.ts';
import { i18n } from '../../../lib/i18n.tsx';
import { BalanceCard } from './balance-card.tsx';
import { BalancesCard } from './balances-card.tsx';

const names: Record<string, string> = { ada: 'Ada L.', ben: 'Ben K.', cy: 'Cy D.' };
const nameOf = (id: string | null) => (id ? (names[id] ?? 'Former member') : 'Former member');

function render(node: ReactNode): string {
  const client = new QueryClient();
  return renderToStaticMarkup(
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={client}>{node}</QueryClientProvider>
    </I18nProvider>,
  );
}

/** The text of the page without its tags, spaces collapsed. */
const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();

/** The words of each debt's row, in order. */
const debtRows = (html: string) =>
  [...html.matchAll(/data-testid="debt"[^>]*><button[^>]*><span[^>]*>([^<]+)<\/span>/g)].map((m) => m[1]);

const balances: HouseholdBalancesView = {
  simplifyDebts: true,
  members: [
    { userId: 'ada', net: 30.5 },
    { userId: 'ben', net: -9.5 },
    { userId: 'cy', net: -21 },
  ],
  simplified: [
    { from: 'cy', to: 'ada', amount: 21, expenseIds: [] },
    { from: 'ben', to: 'ada', amount: 9.5, expenseIds: [] },
  ],
  pairwise: [
    { from: 'ben', to: 'ada', amount: 10, expenseIds: [] },
    { from: 'cy', to: 'ada', amount: 20.5, expenseIds: [] },
    { from: 'ben', to: 'cy', amount: 0.5, expenseIds: [] },
  ],
};

describe('BalanceCard', () => {
  const card = (balance: BalanceTotalsView) => text(render(<BalanceCard balance={balance} failed={false} />));

  it('says the net in words, and a zero is neutral', () => {
    expect(card({ totalOwed: 12.4, totalOwing: 0, net: 12.4 })).toContain('You are owed $12.40 overall');
    expect(card({ totalOwed: 0, totalOwing: 3, net: -3 })).toContain('You owe $3.00 overall');
    const settled = render(<BalanceCard balance={{ totalOwed: 0, totalOwing: 0, net: 0 }} failed={false} />);
    expect(text(settled)).toContain('You are all settled up');
    expect(text(settled)).not.toContain('You owe $0.00');
    expect(settled).not.toMatch(/text-red/);
  });
});

describe('BalancesCard', () => {
  const card = (viewerId: string, view: HouseholdBalancesView = balances) =>
    render(
      <BalancesCard
        balances={view}
        failed={false}
        nameOf={nameOf}
        viewerId={viewerId}
        otherIds={Object.keys(names).filter((id) => id !== viewerId)}
      />,
    );

  it('shows the debts in the household’s view, the viewer’s first, with the switch on', () => {
    const html = card('ben');
    expect(text(html)).toContain('2 payments settle everything');
    expect(html).toMatch(/role="switch"[^>]*aria-checked="true"/);
    expect(debtRows(html)).toEqual(['You owe Ada L. $9.50', 'Cy D. owes Ada L. $21.00']);
  });

  it('offers settling up only to the member who owes, for exactly the debt shown', () => {
    expect(text(card('ben'))).toContain('Settle up');
    expect(card('ben')).toContain('aria-label="Settle up with Ada L."');
    expect(card('ben')).toContain('aria-label="Record a payment to Ada L."');
    expect(card('ada')).not.toContain('Settle up with');
    // Anyone can record a payment of their own from the card.
    expect(text(card('ada'))).toContain('Record a payment');
  });

  it('shows the person-to-person debts when the household has switched simplifying off', () => {
    const html = card('ben', { ...balances, simplifyDebts: false });
    expect(html).toMatch(/role="switch"[^>]*aria-checked="false"/);
    expect(debtRows(html)).toEqual([
      'You owe Ada L. $10.00',
      'You owe Cy D. $0.50',
      'Cy D. owes Ada L. $20.50',
    ]);
    expect(html).toContain('aria-label="Settle up with Cy D."');
  });

  it('says when everyone is settled up', () => {
    const html = card('ada', { ...balances, simplified: [], pairwise: [] });
    expect(text(html)).toContain('Everyone is settled up. Nobody owes anything.');
    expect(html).not.toContain('data-testid="debt"');
  });
});
