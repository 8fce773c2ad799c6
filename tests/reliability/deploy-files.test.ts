// The deployment files in docs/deploy/ agree with the app and with each other: the variables
// they set are ones the app reads and accepts, the ports Caddy proxies to are the ones the app
// listens on, and every stop waits longer than the drain. (Neither systemd, Caddy nor Compose
// runs here; docker-steps.test.ts replays the Dockerfile.)
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { loadConfig } from '#server/config.ts';
import { root } from '../../scripts/build-inputs.mjs';
import { parseDockerfile } from './dockerfile.ts';

const deploy = (file: string) => fs.readFileSync(path.join(root, 'docs/deploy', file), 'utf8');

/** The variables the app reads: config.ts's schema, and NODE_ENV for the libraries. */
const known = new Set([
  'NODE_ENV',
  ...[
    ...fs
      .readFileSync(path.join(root, 'src/server/config.ts'), 'utf8')
      .matchAll(/^ {2}([A-Z][A-Z0-9_]+): z/gm),
  ].map((match) => match[1]),
]);

function envFile(text: string): Record<string, string> {
  return Object.fromEntries(
    text
      .split('\n')
      .filter((line) => /^[A-Z]/.test(line))
      .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
  );
}

/** A systemd unit's settings, each with its values in order. */
function unit(text: string): Map<string, string[]> {
  const settings = new Map<string, string[]>();
  for (const line of text.split('\n')) {
    const match = /^(\w+)=(.*)$/.exec(line);
    if (match)
      settings.set(match[1] as string, [...(settings.get(match[1] as string) ?? []), match[2] as string]);
  }
  return settings;
}

const seconds = (duration: string) => Number(/^(\d+)s?$/.exec(duration)?.[1] ?? Number.NaN);

/** compose.yaml with its ${VAR:?message} filled in as an operator would. */
const operator = { HEARTH_DOMAIN: 'hearth.example', POSTGRES_PASSWORD: 'secret' };
interface Service {
  build?: { context: string };
  image?: string;
  environment?: Record<string, string>;
  ports?: string[];
  volumes?: string[];
  stop_grace_period?: string;
}
const compose = parseYaml(
  deploy('compose.yaml').replace(/\$\{(\w+):\?[^}]*\}/g, (_, name: keyof typeof operator) => operator[name]),
  // Compose reads YAML's merge key (`<<: *app`), which YAML 1.2 parsers leave off by default.
  { merge: true },
) as { services: Record<string, Service> };
const apps = Object.entries(compose.services).filter(([, service]) => service.build);

const caddyfile = deploy('Caddyfile');
const upstreamsDefault = /reverse_proxy \{\$HEARTH_UPSTREAMS:([^}]+)\}/.exec(caddyfile)?.[1]?.split(/\s+/);
const imageEnv = parseDockerfile(fs.readFileSync(path.join(root, 'Dockerfile'), 'utf8'))
  .filter((i) => i.keyword === 'ENV')
  .map((i) => i.args)
  .join(' ');

describe('docs/deploy', () => {
  it('hearth.env is a valid configuration for one instance behind Caddy on the same machine', () => {
    const env = envFile(deploy('hearth.env'));
    expect(Object.keys(env).filter((name) => !known.has(name))).toEqual([]);
    const config = loadConfig(env);
    expect(config).toMatchObject({ host: '127.0.0.1', trustProxy: true });
    expect(config.publicOrigin).toMatch(/^https:\/\//);
    expect(upstreamsDefault).toEqual([`${config.host}:${config.port}`]);
  });

  it('hearth.service starts the prebuilt server unprivileged, restarts it on failure and waits out the drain', () => {
    const service = unit(deploy('hearth.service'));
    const env = envFile(deploy('hearth.env'));
    const one = (key: string) => service.get(key)?.join(' ');
    expect(one('ExecStart')).toBe(`/usr/bin/node ${one('WorkingDirectory')}/dist/server/main.js`);
    expect(one('User')).not.toMatch(/^(root|0)?$/);
    expect(one('EnvironmentFile')).toBe('/etc/hearth/hearth.env');
    expect(one('Restart')).toBe('on-failure');
    expect(one('KillSignal')).toBe('SIGTERM');
    expect(seconds(one('TimeoutStopSec') ?? '')).toBeGreaterThan(Number(env.DRAIN_SECONDS));
    expect(one('ProtectSystem')).toBe('strict');
    expect(one('NoNewPrivileges')).toBe('yes');
    expect(one('ReadWritePaths')?.split(/\s+/)).toContain(env.DATA_DIR);
  });

  it('compose.yaml runs PostgreSQL, two instances of the image on it and Caddy, the only one with ports', () => {
    expect(Object.keys(compose.services).sort()).toEqual(['app1', 'app2', 'caddy', 'postgres']);
    expect(apps.map(([name]) => name)).toEqual(['app1', 'app2']);
    const postgres = compose.services.postgres?.environment ?? {};
    for (const [, app] of apps) {
      expect(fs.existsSync(path.resolve(root, 'docs/deploy', app.build?.context ?? '', 'Dockerfile'))).toBe(
        true,
      );
      expect(app.ports).toBeUndefined();
      const env = app.environment ?? {};
      expect(Object.keys(env).filter((name) => !known.has(name))).toEqual([]);
      expect(env).toEqual(apps[0]?.[1].environment);
      const config = loadConfig(env);
      expect(config).toMatchObject({ trustProxy: true, publicOrigin: `https://${operator.HEARTH_DOMAIN}` });
      const url = new URL(env.DATABASE_URL ?? '');
      expect([url.hostname, url.port, url.username, url.pathname]).toEqual([
        'postgres',
        '5432',
        postgres.POSTGRES_USER,
        `/${postgres.POSTGRES_DB}`,
      ]);
      expect(seconds(app.stop_grace_period ?? '')).toBeGreaterThan(Number(env.DRAIN_SECONDS));
    }
  });

  it("Caddy proxies to each instance on the image's port, with health checks on /api/health", () => {
    const caddy = compose.services.caddy ?? {};
    const port = /PORT=(\d+)/.exec(imageEnv)?.[1];
    expect(caddy.environment?.HEARTH_UPSTREAMS?.split(/\s+/)).toEqual(
      apps.map(([name]) => `${name}:${port}`),
    );
    expect(caddy.environment?.HEARTH_DOMAIN).toBe(operator.HEARTH_DOMAIN);
    expect(caddy.volumes).toContain('./Caddyfile:/etc/caddy/Caddyfile:ro');
    expect(caddyfile).toMatch(/^\s*health_uri \/api\/health$/m);
  });
});
