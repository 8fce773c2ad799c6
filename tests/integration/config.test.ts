import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '#server/config.ts';

/** The ConfigError that loadConfig throws for this environment (fails the test if none is thrown). */
function configError(env: NodeJS.ProcessEnv): ConfigError {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return error as ConfigError;
  }
  throw new Error(`loadConfig accepted ${JSON.stringify(env)}`);
}

describe('loadConfig', () => {
  it('has working defaults for an empty environment: port 5000 on all interfaces, SQLite in ./data', () => {
    const config = loadConfig({});
    expect(config).toEqual({
      port: 5000,
      host: '0.0.0.0',
      dataDir: path.resolve('data'),
      database: { engine: 'sqlite', file: path.join(path.resolve('data'), 'hearth.db') },
      publicOrigin: null,
      logLevel: 'info',
      trustProxy: false,
      signupsPerAddressPerHour: 20,
      readCache: true,
      webRoot: null,
      vapid: null,
      vapidSubject: 'mailto:admin@localhost',
      mail: { smtpUrl: null, from: 'Hearth <hearth@localhost>' },
      backupKeep: 7,
      drainSeconds: 10,
    });
  });

  it('sends e-mail through SMTP_URL from MAIL_FROM, and needs both with PUBLIC_ORIGIN for its links', () => {
    const env = {
      SMTP_URL: 'smtps://mailer:s3cret@smtp.example.org:465',
      MAIL_FROM: 'Hearth <hearth@example.org>',
      PUBLIC_ORIGIN: 'https://hearth.example.org',
    };
    expect(loadConfig(env).mail).toEqual({ smtpUrl: env.SMTP_URL, from: env.MAIL_FROM });
    expect(loadConfig({ ...env, SMTP_URL: 'smtp://localhost:587' }).mail?.smtpUrl).toBe(
      'smtp://localhost:587',
    );
    expect(configError({ ...env, MAIL_FROM: '' }).problems).toEqual([
      'MAIL_FROM: set it with SMTP_URL, to the address e-mail is sent from',
    ]);
    expect(configError({ ...env, PUBLIC_ORIGIN: '' }).problems[0]).toMatch(
      /^PUBLIC_ORIGIN: set it with SMTP_URL/,
    );
    // The URL holds a password: a refused one is never repeated.
    const refused = configError({ ...env, SMTP_URL: 'https://mailer:s3cret@smtp.example.org' });
    expect(refused.problems).toEqual([
      'SMTP_URL=[hidden]: must be an smtp:// or smtps:// URL, such as smtps://user:password@smtp.example:465',
    ]);
    expect(configError({ ...env, MAIL_FROM: 'not an address' }).problems[0]).toMatch(
      /^MAIL_FROM="not an address": must be an e-mail address/,
    );
  });

  it('puts the SQLite file inside DATA_DIR, resolved to an absolute path', () => {
    const config = loadConfig({ DATA_DIR: 'var/hearth-data' });
    expect(config.dataDir).toBe(path.resolve('var/hearth-data'));
    expect(config.database).toEqual({ engine: 'sqlite', file: path.resolve('var/hearth-data', 'hearth.db') });
    expect(loadConfig({ DATA_DIR: '/srv/hearth' }).database).toEqual({
      engine: 'sqlite',
      file: '/srv/hearth/hearth.db',
    });
  });

  it('reads PORT, HOST, LOG_LEVEL and TRUST_PROXY', () => {
    const config = loadConfig({ PORT: '8080', HOST: '127.0.0.1', LOG_LEVEL: 'warn', TRUST_PROXY: 'true' });
    expect(config).toMatchObject({ port: 8080, host: '127.0.0.1', logLevel: 'warn', trustProxy: true });
    expect(loadConfig({ PORT: '0' }).port).toBe(0);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
  });

  it('keeps household reads in memory unless READ_CACHE=off, and refuses any other value', () => {
    expect(loadConfig({}).readCache).toBe(true);
    expect(loadConfig({ READ_CACHE: 'on' }).readCache).toBe(true);
    expect(loadConfig({ READ_CACHE: 'off' }).readCache).toBe(false);
    expect(() => loadConfig({ READ_CACHE: 'no' })).toThrow('READ_CACHE="no": must be on or off');
  });

  it('turns /metrics on with a METRICS_TOKEN of 16 or more characters, never repeating a refused one', () => {
    expect(loadConfig({}).metricsToken).toBeUndefined();
    const token = 'f3a9c1d2e4b5a6978f3a9c1d2e4b5a69';
    expect(loadConfig({ METRICS_TOKEN: token }).metricsToken).toBe(token);
    for (const refused of ['short-token', 'a token with spaces in it']) {
      expect(configError({ METRICS_TOKEN: refused }).problems).toEqual([
        'METRICS_TOKEN=[hidden]: must be at least 16 characters without spaces, such as the output of `openssl rand -hex 32`',
      ]);
    }
  });

  it('keeps the last 7 daily backups unless BACKUP_KEEP says how many (0: none), and refuses other values', () => {
    expect(loadConfig({ BACKUP_KEEP: '30' }).backupKeep).toBe(30);
    expect(loadConfig({ BACKUP_KEEP: '0' }).backupKeep).toBe(0);
    for (const refused of ['-1', 'seven', '2.5', '1001']) {
      expect(configError({ BACKUP_KEEP: refused }).problems).toEqual([
        `BACKUP_KEEP="${refused}": must be a whole number from 0 (no daily backups) to 1000`,
      ]);
    }
  });

  it('gives a stopping server 10 s to drain unless DRAIN_SECONDS says otherwise, and refuses other values', () => {
    expect(loadConfig({ DRAIN_SECONDS: '30' }).drainSeconds).toBe(30);
    for (const refused of ['0', '-5', 'ten', '2.5', '3601']) {
      expect(configError({ DRAIN_SECONDS: refused }).problems).toEqual([
        `DRAIN_SECONDS="${refused}": must be a whole number of seconds from 1 to 3600`,
      ]);
    }
  });

  it('passes the web root through', () => {
    expect(loadConfig({}, '/opt/hearth/dist/web').webRoot).toBe('/opt/hearth/dist/web');
  });

  it('switches to PostgreSQL when DATABASE_URL is a postgres:// or postgresql:// URL', () => {
    const url = 'postgres://hearth:secret@db.internal:5432/hearth';
    expect(loadConfig({ DATABASE_URL: url, DATA_DIR: '/srv/hearth' }).database).toEqual({
      engine: 'postgres',
      url,
    });
    const long = 'postgresql://db.internal/hearth?sslmode=require';
    expect(loadConfig({ DATABASE_URL: long }).database).toEqual({ engine: 'postgres', url: long });
  });

  it('normalises PUBLIC_ORIGIN to its origin', () => {
    expect(loadConfig({ PUBLIC_ORIGIN: 'https://hearth.example' }).publicOrigin).toBe(
      'https://hearth.example',
    );
    expect(loadConfig({ PUBLIC_ORIGIN: 'https://hearth.example/' }).publicOrigin).toBe(
      'https://hearth.example',
    );
    expect(loadConfig({ PUBLIC_ORIGIN: 'https://hearth.example/app/?x=1#top' }).publicOrigin).toBe(
      'https://hearth.example',
    );
    expect(loadConfig({ PUBLIC_ORIGIN: 'HTTPS://Hearth.Example:443' }).publicOrigin).toBe(
      'https://hearth.example',
    );
    expect(loadConfig({ PUBLIC_ORIGIN: 'http://localhost:5000/' }).publicOrigin).toBe(
      'http://localhost:5000',
    );
  });

  it('counts empty strings as unset', () => {
    const config = loadConfig({
      PORT: '',
      HOST: '',
      DATA_DIR: '',
      DATABASE_URL: '',
      PUBLIC_ORIGIN: '',
      LOG_LEVEL: '',
      TRUST_PROXY: '',
    });
    expect(config).toEqual(loadConfig({}));
  });

  it('counts whitespace-only values as unset: PORT=" " must not become port 0 (a random port)', () => {
    const config = loadConfig({ PORT: ' ', HOST: '  ', LOG_LEVEL: '\t' });
    expect(config.port).toBe(5000);
    expect(config.host).toBe('0.0.0.0');
    expect(config.logLevel).toBe('info');
  });

  it('refuses a PUBLIC_ORIGIN that is not an http(s) origin', () => {
    for (const value of [
      'mailto:admin@hearth.example',
      'javascript:alert(1)',
      'ftp://hearth.example',
      'file:///srv/hearth',
    ]) {
      const error = configError({ PUBLIC_ORIGIN: value });
      expect(error.problems, value).toHaveLength(1);
      expect(error.problems[0]).toMatch(/^PUBLIC_ORIGIN=/);
    }
  });

  it('ignores unrelated variables', () => {
    expect(loadConfig({ PATH: '/usr/bin', HOME: '/root', NODE_ENV: 'production' })).toEqual(loadConfig({}));
  });

  it('refuses a PORT that is not a whole number from 0 to 65535, naming the variable and value', () => {
    for (const port of ['abc', '70000', '-1', '80.5', '65536']) {
      const error = configError({ PORT: port });
      expect(error.problems).toHaveLength(1);
      expect(error.problems[0]).toContain('PORT');
      expect(error.problems[0]).toContain(port);
      expect(error.problems[0]).toContain('must be a whole number from 0 to 65535');
    }
  });

  it('refuses a DATABASE_URL for another database, explaining what is expected', () => {
    const error = configError({ DATABASE_URL: 'mysql://root@localhost/hearth' });
    expect(error.problems).toHaveLength(1);
    expect(error.problems[0]).toMatch(/^DATABASE_URL=.*mysql:\/\/.*postgres:\/\//);
  });

  it('lists every bad variable in one readable ConfigError', () => {
    const error = configError({
      PORT: 'abc',
      LOG_LEVEL: 'loud',
      PUBLIC_ORIGIN: 'not a url',
      TRUST_PROXY: 'maybe',
      HOST: '127.0.0.1',
    });
    expect(error.name).toBe('ConfigError');
    expect(error.problems).toHaveLength(4);
    const byVariable = Object.fromEntries(error.problems.map((line) => [line.split('=')[0], line]));
    expect(Object.keys(byVariable).sort()).toEqual(['LOG_LEVEL', 'PORT', 'PUBLIC_ORIGIN', 'TRUST_PROXY']);
    expect(byVariable.PORT).toBe('PORT="abc": must be a whole number from 0 to 65535');
    expect(byVariable.LOG_LEVEL).toContain('"loud"');
    expect(byVariable.LOG_LEVEL).toContain('fatal, error, warn, info, debug, trace, silent');
    expect(byVariable.PUBLIC_ORIGIN).toContain('"not a url"');
    expect(byVariable.PUBLIC_ORIGIN).toContain('https://hearth.example');
    expect(byVariable.TRUST_PROXY).toContain('true or false');

    // The message printed at start-up: a heading, then one line per problem.
    const lines = error.message.split('\n');
    expect(lines[0]).toBe('Invalid configuration:');
    expect(lines).toHaveLength(5);
    for (const problem of error.problems) expect(lines).toContain(`  - ${problem}`);
  });

  it('does not refuse a good variable because another one is bad', () => {
    const error = configError({ PORT: '70000', HOST: 'localhost', DATA_DIR: '/srv/hearth' });
    expect(error.problems.map((p) => p.split('=')[0])).toEqual(['PORT']);
  });

  describe('VAPID keys for Web Push', () => {
    const publicKey = Buffer.concat([Buffer.from([4]), Buffer.alloc(64, 1)]).toString('base64url');
    const privateKey = Buffer.alloc(32, 2).toString('base64url');

    it('takes a key pair and a subject', () => {
      const config = loadConfig({
        VAPID_PUBLIC_KEY: publicKey,
        VAPID_PRIVATE_KEY: privateKey,
        VAPID_SUBJECT: 'mailto:ops@hearth.example',
      });
      expect(config.vapid).toEqual({ publicKey, privateKey });
      expect(config.vapidSubject).toBe('mailto:ops@hearth.example');
    });

    it('derives the subject from an https PUBLIC_ORIGIN', () => {
      expect(loadConfig({ PUBLIC_ORIGIN: 'https://hearth.example' }).vapidSubject).toBe(
        'https://hearth.example',
      );
      expect(loadConfig({ PUBLIC_ORIGIN: 'http://localhost:5000' }).vapidSubject).toBe(
        'mailto:admin@localhost',
      );
    });

    it('wants both keys or neither', () => {
      expect(configError({ VAPID_PUBLIC_KEY: publicKey }).problems).toEqual([
        expect.stringContaining('set both (one key pair) or neither'),
      ]);
    });

    it('names bad keys and subjects without printing the private key', () => {
      const error = configError({
        VAPID_PUBLIC_KEY: 'short',
        VAPID_PRIVATE_KEY: 'secret-but-wrong',
        VAPID_SUBJECT: 'admin@hearth.example',
      });
      expect(error.problems.map((p) => p.split('=')[0])).toEqual([
        'VAPID_PUBLIC_KEY',
        'VAPID_PRIVATE_KEY',
        'VAPID_SUBJECT',
      ]);
      expect(error.message).toContain('65 bytes');
      expect(error.message).toContain('mailto:');
      expect(error.message).not.toContain('secret-but-wrong');
    });
  });
});
