import { describe, expect, it } from 'vitest';
import { homeReadPath, REALTIME_MODULE } from '#shared/screens/screens.ts';
import {
  catalogueHint,
  knownTimeZone,
  memberPageHints,
  signedOutPageHints,
  type ViteManifest,
  withHints,
  withoutCatalogueHint,
  withoutReadHints,
} from './page-hints.ts';

const manifest: ViteManifest = {
  'index.html': { file: 'assets/index-a.js', isEntry: true, imports: ['_react.js'] },
  '_react.js': { file: 'assets/react-b.js' },
  '_format.js': { file: 'assets/format-c.js', imports: ['_react.js'] },
  '_users.js': { file: 'assets/users-d.js', imports: ['_format.js'] },
  'features/chores/chores-page.tsx': {
    file: 'assets/chores-page-e.js',
    isDynamicEntry: true,
    imports: ['_users.js', '_format.js', '_react.js'],
  },
  [REALTIME_MODULE]: { file: 'assets/realtime-f.js', isDynamicEntry: true, imports: ['_users.js'] },
};

describe('memberPageHints', () => {
  it("names the shell's and the screen's reads, then every file of the screen and the live connection", () => {
    const tags = memberPageHints(manifest).get('/chores')?.split(/\n\s*/);
    expect(tags).toEqual([
      '<link rel="preload" href="/api/user" as="fetch" crossorigin="use-credentials">',
      '<link rel="preload" href="/api/households/current" as="fetch" crossorigin="use-credentials">',
      '<link rel="preload" href="/api/chores" as="fetch" crossorigin="use-credentials">',
      // Each once, and none that index.html already names (index, react).
      '<link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/chores-page-e.js">',
      '<link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/users-d.js">',
      '<link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/format-c.js">',
      '<link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/realtime-f.js">',
    ]);
  });

  it('gives no hints for an address whose screen the build does not have', () => {
    const hints = memberPageHints(manifest);
    expect([...hints.keys()]).toEqual(['/chores']);
    expect(memberPageHints({}).size).toBe(0);
  });
});

describe("the home screen's read", () => {
  const withHome: ViteManifest = {
    ...manifest,
    'features/home/home-page.tsx': { file: 'assets/home-page-h.js', isDynamicEntry: true },
  };

  it('is named with the time zone the browser said, at the address get-home.ts asks for', () => {
    expect(homeReadPath('Europe/Paris')).toBe('/api/home?tz=Europe%2FParis');
    const tags = memberPageHints(withHome, 'Europe/Paris').get('/') ?? '';
    expect(tags).toContain(
      '<link rel="preload" href="/api/home?tz=Europe%2FParis" as="fetch" crossorigin="use-credentials">',
    );
    expect(memberPageHints(withHome).get('/')).not.toContain('/api/home');
    // Only the home screen's.
    expect(memberPageHints(withHome, 'Europe/Paris').get('/chores')).not.toContain('/api/home');
  });

  it('takes only time zones the runtime knows', () => {
    for (const zone of ['UTC', 'Europe/Paris', 'America/Argentina/Buenos_Aires'])
      expect(knownTimeZone(zone), zone).toBe(true);
    for (const zone of [
      undefined,
      '',
      'Mars/Olympus',
      '../../etc',
      'Europe/Paris"><script>',
      'x'.repeat(300),
    ])
      expect(knownTimeZone(zone), String(zone)).toBe(false);
  });
});

describe('signedOutPageHints', () => {
  it("names the sign-in screen's files and nothing to read (it would be refused)", () => {
    const withAuth: ViteManifest = {
      ...manifest,
      'features/auth/auth-page.tsx': {
        file: 'assets/auth-page-g.js',
        isDynamicEntry: true,
        imports: ['_users.js'],
      },
    };
    expect(signedOutPageHints(withAuth).get('/auth')?.split(/\n\s*/)).toEqual([
      '<link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/auth-page-g.js">',
      '<link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/users-d.js">',
      '<link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/format-c.js">',
    ]);
    expect([...signedOutPageHints(withAuth).keys()]).toEqual(['/auth']);
    expect(signedOutPageHints(manifest).size).toBe(0);
  });
});

describe('withHints', () => {
  it('puts the tags at the end of the head, and leaves a page without a head alone', () => {
    const page = '<html><head><title>Hearth</title></head><body></body></html>';
    expect(withHints(page, '<link rel="preload" href="/api/user">')).toBe(
      '<html><head><title>Hearth</title>  <link rel="preload" href="/api/user">\n  </head><body></body></html>',
    );
    expect(withHints('<p>no head</p>', '<link>')).toBe('<p>no head</p>');
    expect(withHints(page, '')).toBe(page);
  });
});

describe('withoutReadHints', () => {
  it("takes a page's read preloads out and leaves its code's where they were", () => {
    const page = withHints(
      '<html><head><title>Hearth</title></head><body></body></html>',
      memberPageHints(manifest).get('/chores')!,
    );
    const left = withoutReadHints(page);
    expect(left).not.toContain('as="fetch"');
    expect(left.match(/rel="modulepreload"/g)).toHaveLength(4);
    expect(left).toMatch(
      /<title>Hearth<\/title> {2}<link rel="modulepreload"[^>]*chores-page-e\.js">\n {4}<link/,
    );
    expect(left).toContain('realtime-f.js">\n  </head>');
  });
});

describe("a language's catalogue", () => {
  const withCatalogues: ViteManifest = {
    ...manifest,
    '../shared/i18n/compiled/de.json': { file: 'assets/de-g.json', src: '../shared/i18n/compiled/de.json' },
  };

  it('is preloaded as the fetch the app makes for it, and English, built in, needs none', () => {
    expect(catalogueHint(withCatalogues, 'de')).toBe(
      '<link rel="preload" href="/assets/de-g.json" as="fetch" crossorigin>',
    );
    expect(catalogueHint(withCatalogues, 'en')).toBe('');
    // A build without the file names nothing.
    expect(catalogueHint(withCatalogues, 'es')).toBe('');
  });

  it("is taken out of a page without the reads' preloads", () => {
    const page = withHints(
      '<html><head></head></html>',
      [memberPageHints(withCatalogues).get('/chores'), catalogueHint(withCatalogues, 'de')].join('\n'),
    );
    const left = withoutCatalogueHint(page);
    expect(left).not.toContain('de-g.json');
    expect(left).toContain('href="/api/chores" as="fetch" crossorigin="use-credentials"');
  });
});
