import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { API_ERRORS, knownApiError, placeholdersOf } from '#shared/api-errors.ts';
import de from '#shared/i18n/compiled/de.json';
import { messages } from '#shared/validation-rules.ts';
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
