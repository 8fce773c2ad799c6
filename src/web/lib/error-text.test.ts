import { setupI18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import '#shared/accounts/data.ts';
import '#shared/accounts/email-change.ts';
import { passwordMessages } from '#shared/accounts/passwords.ts';
import '#shared/accounts/sessions.ts';
import { API_ERRORS, knownApiError, placeholdersOf } from '#shared/api-errors.ts';
import { eventMessages } from '#shared/calendar/schemas.ts';
import '#shared/chores/api.ts';
import { awayMessages } from '#shared/chores/rules.ts';
import { choreMessages } from '#shared/chores/schemas.ts';
import '#shared/dashboard/api.ts';
import { expenseMessages } from '#shared/expenses/schemas.ts';
import '#shared/households/email-invites.ts';
import { householdUpdateSchema } from '#shared/households/schemas.ts';
import de from '#shared/i18n/compiled/de.json';
import { listingMessages, listingSchemas } from '#shared/listings/schemas.ts';
import '#shared/messages/schemas.ts';
import { messages, paramsOfMessage, registeredSentences } from '#shared/validation-rules.ts';
import { readCatalog } from '../../../scripts/i18n.ts';
import { ApiError, NetworkError } from './api.ts';
import { errorMessageId, errorText } from './error-text.ts';
import { i18n, type MessageId } from './i18n.tsx';

const t = (id: MessageId, values?: Record<string, unknown>) => i18n._(id, values);
const answer = (status: number, body: object) => new ApiError(status, JSON.stringify(body), '');

describe('the errors catalogue', () => {
  for (const language of ['en', 'de', 'es']) {
    it(`has every API error code in ${language}, with the same placeholders`, () => {
      const catalog = readCatalog(language, 'errors');
      for (const [code, english] of Object.entries(API_ERRORS)) {
        const text = catalog.get(errorMessageId(code));
        expect(text, `${language} ${code}`).toBeTruthy();
        expect(placeholdersOf(text!).sort(), `${language} ${code}`).toEqual(placeholdersOf(english).sort());
        if (language === 'en') expect(text, code).toBe(english);
      }
    });
  }
});

// The features whose form sentences are translated; the others' still show English
// (docs/i18n.md, Not converted yet).
const TRANSLATED = new Set([
  'account',
  'field',
  'validation',
  'calendar',
  'chore',
  'expense',
  'away',
  'password',
  'email_change',
  'account_data',
  'session',
  'email_invite',
  'household',
  'message',
  'dashboard',
  'listing',
]);

// The amount rules are registered per currency as the schemas are built: a few of each.
for (const currency of ['EUR', 'JPY', 'KWD']) {
  householdUpdateSchema(currency);
  listingSchemas(currency);
}

const english = setupI18n({ locale: 'en', locales: ['en-US'], messages: { en: {} } });
/** An English message of the catalogue with a sentence's params filled in, as the server says it. */
const fill = (message: string, params: Record<string, string | number> = {}) => {
  english.load('en', { message: compileMessage(message) });
  return english._('message', params);
};

describe('the errors catalogue, for the registered form sentences', () => {
  const sentences = registeredSentences().filter(({ code }) => TRANSLATED.has(code.split('.')[0]!));

  it('covers the features’ own sentences', () => {
    const codes = new Set(sentences.map((s) => s.code));
    for (const code of [
      'chore.title_too_long',
      'expense.percentages_dont_add_up',
      'calendar.start_date_required',
    ])
      expect(codes, code).toContain(code);
    expect(codes).toContain('away.order');
  });

  for (const language of ['en', 'de', 'es']) {
    it(`has every one in ${language}, with the same placeholders as the English`, () => {
      const catalog = readCatalog(language, 'errors');
      const english = readCatalog('en', 'errors');
      for (const { code, message } of sentences) {
        const id = errorMessageId(code);
        const text = catalog.get(id);
        expect(text, `${language} ${code}`).toBeTruthy();
        expect(placeholdersOf(text!).sort(), `${language} ${code}`).toEqual(
          placeholdersOf(english.get(id) ?? '').sort(),
        );
        if (language === 'en') expect(fill(text!, paramsOfMessage(message)), code).toBe(message);
      }
    });
  }
});

describe('errorText', () => {
  afterEach(() => i18n.activate('en'));

  it('shows English as the server said it', () => {
    const error = answer(400, {
      message: 'title must be at most 200 characters',
      code: 'validation.too_long',
      params: { field: 'title', max: 200 },
    });
    expect(errorText(error, t)).toBe('title must be at most 200 characters');
    expect(errorText(new NetworkError(new TypeError('Failed to fetch')), t)).toBe(
      'Hearth could not be reached. Check your connection and try again.',
    );
    expect(errorText('500: Internal', t)).toBe('Internal');
    expect(errorText(undefined, t)).toBe('Something went wrong. Please try again.');
  });

  describe('in German', () => {
    beforeAll(() => i18n.load('de', de as never));

    it('translates an API error by its code and params', () => {
      i18n.activate('de', ['de-DE']);
      const error = answer(400, {
        message: 'title must be at most 5,000 characters',
        code: 'validation.too_long',
        params: { field: 'title', max: 5000 },
      });
      expect(errorText(error, t)).toBe('title darf höchstens 5.000 Zeichen lang sein');
      expect(
        errorText(answer(409, { message: 'Invalid invite code', code: 'household.invalid_invite_code' }), t),
      ).toBe('Ungültiger Einladungscode');
    });

    it('translates a form validation message by its registered code and params', () => {
      i18n.activate('de', ['de-DE']);
      expect(errorText(messages.passwordTooShort, t)).toBe(
        'Das Passwort muss mindestens 8 Zeichen lang sein',
      );
      expect(errorText(knownApiError('validation.time_zone', { field: 'timeZone' }), t)).toBe(
        'timeZone muss eine IANA-Zeitzone sein, etwa Europe/Berlin',
      );
    });

    it('translates the chore, expense, calendar and away-mode forms’ own sentences', () => {
      i18n.activate('de', ['de-DE']);
      expect(errorText(choreMessages.titleTooLong, t)).toBe('Der Titel darf höchstens 120 Zeichen lang sein');
      expect(errorText(expenseMessages.percentagesDontAddUp, t)).toBe(
        'Die Prozentsätze müssen zusammen 100 % ergeben',
      );
      expect(errorText(eventMessages.startDateRequired, t)).toBe('Das Startdatum ist erforderlich');
      expect(errorText(awayMessages.order, t)).toBe('Der letzte Tag darf nicht vor dem ersten liegen');
      expect(
        errorText(answer(400, { message: expenseMessages.payerRequired, code: 'expense.payer_required' }), t),
      ).toBe('Wähle, wer bezahlt hat');
    });

    it('translates the account, household and listing sentences, the amount rules by their params', () => {
      i18n.activate('de', ['de-DE']);
      expect(errorText(passwordMessages.resetLinkExpired, t)).toBe(
        'Dieser Link zum Zurücksetzen ist abgelaufen (Links gelten eine Stunde). Fordere einen neuen an.',
      );
      expect(
        errorText('Rent amount must be a non-negative amount in dollars with at most 2 decimals', t),
      ).toBe('Die Miete muss ein nicht negativer Betrag in US-Dollar sein, mit höchstens 2 Nachkommastellen');
      expect(errorText('Rent amount must be a non-negative amount in JPY with no decimals', t)).toBe(
        'Die Miete muss ein nicht negativer Betrag in JPY sein, ohne Nachkommastellen',
      );
      expect(
        errorText('Utilities must be an amount in KWD from 0 to 1,000,000, with at most 3 decimals', t),
      ).toBe(
        'Die Nebenkosten müssen ein Betrag in KWD von 0 bis 1.000.000 sein, mit höchstens 3 Nachkommastellen',
      );
      const maxRent = answer(400, {
        message: 'maxRent must be an amount in JPY from 0 to 100,000,000, with no decimals',
        code: 'listing.amount_invalid',
        params: { field: 'maxRent', currency: 'JPY', max: 100_000_000, decimals: 0 },
      });
      expect(errorText(maxRent, t)).toBe(
        'maxRent muss ein Betrag in JPY von 0 bis 100.000.000 sein, ohne Nachkommastellen',
      );
      expect(errorText(listingMessages.availableToInvalid, t)).toBe(
        '„Frei bis“ muss ein Datum sein (JJJJ-MM-TT)',
      );
    });

    it('reads a code back from English text that carries none, and leaves other text alone', () => {
      i18n.activate('de', ['de-DE']);
      expect(
        errorText(
          '409: {"message":"A household can have at most 1,000 open chores; finish or delete some first"}',
          t,
        ),
      ).toBe('Ein Haushalt kann höchstens 1.000 offene Aufgaben haben; erledige oder lösche zuerst einige');
      expect(errorText('Something we never said', t)).toBe('Something we never said');
      expect(errorText(undefined, t)).toBe('Etwas ist schiefgelaufen. Bitte versuche es erneut.');
    });
  });
});
