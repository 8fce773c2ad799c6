// The split's summary as the server renders it (no browser here): percentages in the member's language.

import { I18nProvider } from '@lingui/react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { expenseMessages } from '#shared/expenses/schemas.ts';
import { defaultExpenseForm, splitSummary } from '#shared/expenses/view.ts';
import de from '#shared/i18n/compiled/de.json';
import { moneyFormat } from '#shared/money.ts';
import { i18n } from '../../../lib/i18n.tsx';
import { SplitSection } from './split-section.tsx';

const members = ['ada', 'ben'];
const names: Record<string, string> = { ada: 'Ada L.', ben: 'Ben K.' };

function render(locale: string, shares: Record<string, string>, error?: string): string {
  const money = moneyFormat('EUR', locale);
  const values = {
    ...defaultExpenseForm('ada', '2025-03-14'),
    amount: '90',
    splitType: 'percentage' as const,
    shares,
  };
  return renderToStaticMarkup(
    <I18nProvider i18n={i18n}>
      <SplitSection
        money={money}
        splitType="percentage"
        shares={shares}
        summary={splitSummary(values, members, money)}
        memberIds={members}
        nameOf={(id) => names[id] ?? id}
        error={error}
        onSplitType={() => {}}
        onShare={() => {}}
      />
    </I18nProvider>,
  );
}

/** The text of one element by its test id, tags dropped. */
const part = (html: string, testId: string) =>
  new RegExp(`data-testid="${testId}"[^>]*>(.*?)</p>`).exec(html)?.[1]?.replace(/<[^>]+>/g, '') ?? '';

describe('the split of an expense by percentages', () => {
  afterEach(() => i18n.activate('en'));
  beforeAll(() => i18n.load('de', de as never));

  it('writes the percentages the English way in English', () => {
    const html = render('en-US', { ada: '62.5', ben: '37.5' });
    expect(part(html, 'split-total')).toBe('Total€90.00 (100% of 100%)');
    expect(html).toContain('€56.25 (62.5%)');
  });

  it('writes them with a decimal comma in German, typed with one or with a point', () => {
    i18n.activate('de', ['de-DE']);
    const html = render('de-DE', { ada: '62,5', ben: '37.25' });
    expect(part(html, 'split-total')).toBe('Summe89,78\u00a0€ (99,75 % von 100 %)');
    expect(html).toContain('56,25\u00a0€ (62,5\u00a0%)');
    expect(html).toContain('Noch 0,25\u00a0% zu verteilen');
  });

  it('says the form’s message in German', () => {
    i18n.activate('de', ['de-DE']);
    const html = render('de-DE', { ada: '50', ben: '50' }, expenseMessages.duplicateMember);
    expect(html).toContain('Jedes Mitglied darf in der Aufteilung nur einmal vorkommen');
  });
});
