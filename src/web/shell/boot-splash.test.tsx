import fs from 'node:fs';
import path from 'node:path';
import { I18nProvider } from '@lingui/react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { i18n } from '../lib/i18n.tsx';
import { BootSplash as Splash } from './boot-splash.tsx';

// English, as the app starts before it knows the member's language.
const BootSplash = () => (
  <I18nProvider i18n={i18n}>
    <Splash />
  </I18nProvider>
);

describe('the boot splash', () => {
  it('is in index.html exactly as React first renders it, inside the shell the app renders', () => {
    const html = fs.readFileSync(path.join(import.meta.dirname, '../index.html'), 'utf8');
    const root = /<div id="root">(.*)<\/div>\n/.exec(html)?.[1] ?? '';
    expect(root).toBe(
      '<div class="mx-auto flex min-h-dvh w-full max-w-[430px] flex-col md:max-w-none md:flex-row"><main class="flex min-w-0 flex-1 flex-col md:mx-auto md:w-full md:max-w-3xl md:has-[[data-wide]]:max-w-6xl">' +
        `${renderToStaticMarkup(<BootSplash />)}</main></div>`,
    );
  });

  it('says it is loading to assistive technology, and has something to paint', () => {
    const markup = renderToStaticMarkup(<BootSplash />);
    expect(markup).toMatch(/^<div role="status" aria-label="Loading"/);
    expect(markup).toContain('<svg aria-hidden="true"');
  });
});
