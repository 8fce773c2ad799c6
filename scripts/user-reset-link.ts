// Operator command: `npm run user:reset-link -- <email>` prints a one-time link to choose a new
// password for that account, valid for an hour, in the database the environment names (DATA_DIR or
// DATABASE_URL, as `npm start` reads). For servers that send no e-mail (no SMTP_URL).

import { loadConfig } from '#server/config.ts';
import { openMigratedDatabase } from '#server/db/database.ts';
import { createPasswordReset } from '#server/features/accounts/password-queries.ts';
import { findUserByEmail } from '#server/features/accounts/queries.ts';
import { mailOrigin } from '#server/mail/compose.ts';
import { RESET_PASSWORD_PATH } from '#shared/accounts/paths.ts';
import { normalizeEmail } from '#shared/validation.ts';

const email = process.argv.slice(2).find((a) => a !== '--');
if (!email) {
  console.error('Usage: npm run user:reset-link -- <email>');
  process.exit(2);
}
const config = loadConfig(process.env);
const database = await openMigratedDatabase(config.database);
try {
  const user = await findUserByEmail(database.db, normalizeEmail(email));
  if (!user) {
    console.error(`No account uses ${email}`);
    process.exitCode = 1;
  } else {
    const { token } = await createPasswordReset(database.db, user.id, Date.now());
    console.info(
      `A one-time link for ${user.email} to choose a new password (it works for an hour):\n${mailOrigin(config)}${RESET_PASSWORD_PATH}?token=${token}`,
    );
  }
} finally {
  await database.close();
}
