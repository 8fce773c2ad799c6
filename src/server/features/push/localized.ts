import type { Language } from '#shared/i18n/languages.ts';
import type { Db } from '../../db/database.ts';
import { mailLanguage } from '../../mail/locale.ts';
import { enqueue, type Push } from './outbox.ts';

/** Each user's language for what the server writes to them: their setting, else English. */
export async function languagesOf(db: Db, userIds: string[]): Promise<Map<string, Language>> {
  const rows =
    userIds.length === 0
      ? []
      : await db.selectFrom('users').select(['id', 'language']).where('id', 'in', userIds).execute();
  const languages = new Map(userIds.map((id) => [id, mailLanguage(null)]));
  for (const row of rows) languages.set(row.id, mailLanguage(row.language));
  return languages;
}

/**
 * `enqueue`, with the push written in each recipient's language: one `write` per language among
 * them. The key is the same in every language (it names the reason, not the words).
 */
export async function enqueueLocalized(
  db: Db,
  now: number,
  recipients: string[],
  write: (language: Language) => Push | Promise<Push>,
  options: { wake?: boolean } = {},
): Promise<number> {
  const byLanguage = new Map<Language, string[]>();
  for (const [userId, language] of await languagesOf(db, [...new Set(recipients)])) {
    byLanguage.set(language, [...(byLanguage.get(language) ?? []), userId]);
  }
  let queued = 0;
  for (const [language, ids] of byLanguage)
    queued += await enqueue(db, now, ids, await write(language), options);
  return queued;
}
