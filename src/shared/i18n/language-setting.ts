// Apart from languages.ts, which the landing page's code imports: zod stays out of it.
import { z } from 'zod';
import { LANGUAGES } from './languages.ts';

export const languageInvalid = `language must be one of ${LANGUAGES.join(', ')}, or null to follow the browser`;

/** A member's setting: a language, or null to follow the browser's (docs/i18n.md). */
export const languageSetting = z.enum(LANGUAGES, { error: languageInvalid }).nullable();
