import path from 'node:path';
import { z } from 'zod';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
/** How long a stopping server may take to finish what is under way (src/server/http/drain.ts). */
export const DEFAULT_DRAIN_SECONDS = 10;

const envSchema = z.object({
  PORT: z.coerce
    .number({ error: 'must be a whole number from 0 to 65535' })
    .int('must be a whole number from 0 to 65535')
    .min(0, 'must be a whole number from 0 to 65535')
    .max(65535, 'must be a whole number from 0 to 65535')
    .default(5000),
  HOST: z.string().min(1, 'must not be empty').default('0.0.0.0'),
  DATA_DIR: z.string().min(1, 'must not be empty').default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL (leave it unset for the embedded database)')
    .optional(),
  PUBLIC_ORIGIN: z
    .url({ protocol: /^https?$/, error: 'must be an origin such as https://hearth.example' })
    .transform((value) => new URL(value).origin)
    .optional(),
  LOG_LEVEL: z.enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` }).default('info'),
  TRUST_PROXY: z
    .enum(['true', 'false', '1', '0'], { error: 'must be true or false' })
    .transform((v) => v === 'true' || v === '1')
    .default(false),
  SIGNUPS_PER_ADDRESS_PER_HOUR: z.coerce
    .number({ error: 'must be a whole number from 1 to 100000' })
    .int('must be a whole number from 1 to 100000')
    .min(1, 'must be a whole number from 1 to 100000')
    .max(100_000, 'must be a whole number from 1 to 100000')
    .default(20),
  READ_CACHE: z
    .enum(['on', 'off'], { error: 'must be on or off' })
    .transform((v) => v === 'on')
    .default(true),
  VAPID_PUBLIC_KEY: z
    .string()
    .refine(
      (v) =>
        isBase64Url(v) && Buffer.from(v, 'base64url').length === 65 && Buffer.from(v, 'base64url')[0] === 4,
      'must be an uncompressed P-256 public key in base64url (65 bytes), as `npx web-push generate-vapid-keys` prints',
    )
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .refine(
      (v) => isBase64Url(v) && Buffer.from(v, 'base64url').length === 32,
      'must be a P-256 private key in base64url (32 bytes), as `npx web-push generate-vapid-keys` prints',
    )
    .optional(),
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:.+@.+|https:\/\/.+)$/, 'must be a mailto: address or an https:// URL')
    .optional(),
  SMTP_URL: z
    .string()
    .regex(
      /^smtps?:\/\/\S+$/,
      'must be an smtp:// or smtps:// URL, such as smtps://user:password@smtp.example:465',
    )
    .refine(
      (v) => URL.canParse(v),
      'must be an smtp:// or smtps:// URL, such as smtps://user:password@smtp.example:465',
    )
    .optional(),
  MAIL_FROM: z
    .string()
    .regex(
      /^([^<>\p{Cc}]*<[^\s@<>]+@[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+)$/u,
      'must be an e-mail address, such as hearth@example.org or Hearth <hearth@example.org>',
    )
    .optional(),
  METRICS_TOKEN: z
    .string()
    .regex(
      /^[\x21-\x7e]{16,}$/,
      'must be at least 16 characters without spaces, such as the output of `openssl rand -hex 32`',
    )
    .optional(),
  BACKUP_KEEP: z.coerce
    .number({ error: 'must be a whole number from 0 (no daily backups) to 1000' })
    .int('must be a whole number from 0 (no daily backups) to 1000')
    .min(0, 'must be a whole number from 0 (no daily backups) to 1000')
    .max(1000, 'must be a whole number from 0 (no daily backups) to 1000')
    .default(7),
  DRAIN_SECONDS: z.coerce
    .number({ error: 'must be a whole number of seconds from 1 to 3600' })
    .int('must be a whole number of seconds from 1 to 3600')
    .min(1, 'must be a whole number of seconds from 1 to 3600')
    .max(3600, 'must be a whole number of seconds from 1 to 3600')
    .default(DEFAULT_DRAIN_SECONDS),
});

/** Variables whose values never appear in an error message (it may end up in a log). */
const SECRETS = new Set(['VAPID_PRIVATE_KEY', 'SMTP_URL', 'METRICS_TOKEN']);

function isBase64Url(value: string): boolean {
  return /^[A-Za-z0-9_-]+={0,2}$/.test(value);
}

export type DatabaseConfig =
  | { engine: 'sqlite'; file: string }
  | { engine: 'postgres'; url: string; schema?: string };

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  database: DatabaseConfig;
  /** The app's own origin when known; state-changing requests from other origins are refused. */
  publicOrigin: string | null;
  logLevel: (typeof LOG_LEVELS)[number];
  trustProxy: boolean;
  /** Registrations allowed from one address per hour (campus networks share addresses). */
  signupsPerAddressPerHour: number;
  /**
   * Household reads kept in memory and answered before routing (src/server/cache/); off, every
   * read is computed afresh with the same answers. Absent means on.
   */
  readCache?: boolean;
  /** Where the production web build lives; null serves the API only (tests). */
  webRoot: string | null;
  /** The VAPID key pair for Web Push; absent or null: generated once and kept in the database. */
  vapid?: { publicKey: string; privateKey: string } | null;
  /** Who runs this server, for push services (the `sub` of the VAPID token). */
  vapidSubject?: string;
  /**
   * Outgoing e-mail: through the SMTP server at `smtpUrl`, or, without one, written to the log
   * (src/server/mail/). Absent: the log, from the default sender.
   */
  mail?: { smtpUrl: string | null; from: string };
  /**
   * Daily backups of the SQLite database kept in DATA_DIR/backups (src/server/backup/); 0 or
   * absent: none. Nothing on PostgreSQL.
   */
  backupKeep?: number;
  /** The bearer token of GET /metrics (src/server/metrics/); absent, the route does not exist. */
  metricsToken?: string;
  /** On SIGTERM, the longest the drain may take before the process exits anyway. */
  drainSeconds?: number;
}

/** The sender of e-mail when MAIL_FROM is not set (only without SMTP_URL: then mail goes to the log). */
export const DEFAULT_MAIL_FROM = 'Hearth <hearth@localhost>';

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Reads and validates the environment once, at start-up. Empty or blank values count as unset. */
export function loadConfig(env: NodeJS.ProcessEnv, webRoot: string | null = null): Config {
  const cleaned = Object.fromEntries(
    Object.entries(env).filter(([, v]) => v !== undefined && v.trim() !== ''),
  );
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map(
        (i) =>
          `${i.path.join('.')}=${SECRETS.has(String(i.path[0])) ? '[hidden]' : JSON.stringify(cleaned[String(i.path[0])] ?? '')}: ${i.message}`,
      ),
    );
  }
  const e = parsed.data;
  if (Boolean(e.VAPID_PUBLIC_KEY) !== Boolean(e.VAPID_PRIVATE_KEY)) {
    throw new ConfigError([
      'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY: set both (one key pair) or neither (a pair is generated and kept in the database)',
    ]);
  }
  if (e.SMTP_URL && !e.MAIL_FROM) {
    throw new ConfigError(['MAIL_FROM: set it with SMTP_URL, to the address e-mail is sent from']);
  }
  if (e.SMTP_URL && !e.PUBLIC_ORIGIN) {
    throw new ConfigError([
      "PUBLIC_ORIGIN: set it with SMTP_URL, so the links in e-mails point at this server (never at a request's Host)",
    ]);
  }
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    database: e.DATABASE_URL
      ? { engine: 'postgres', url: e.DATABASE_URL }
      : { engine: 'sqlite', file: path.join(dataDir, 'hearth.db') },
    publicOrigin: e.PUBLIC_ORIGIN ?? null,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    signupsPerAddressPerHour: e.SIGNUPS_PER_ADDRESS_PER_HOUR,
    readCache: e.READ_CACHE,
    webRoot,
    vapid:
      e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY
        ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY }
        : null,
    vapidSubject:
      e.VAPID_SUBJECT ??
      (e.PUBLIC_ORIGIN?.startsWith('https://') ? e.PUBLIC_ORIGIN : 'mailto:admin@localhost'),
    mail: { smtpUrl: e.SMTP_URL ?? null, from: e.MAIL_FROM ?? DEFAULT_MAIL_FROM },
    backupKeep: e.BACKUP_KEEP,
    drainSeconds: e.DRAIN_SECONDS,
    ...(e.METRICS_TOKEN ? { metricsToken: e.METRICS_TOKEN } : {}),
  };
}
