import { describe, expect, inject, it } from 'vitest';
import { watchPageErrors } from './helpers.ts';
import { browserPerFile } from './setup.ts';

const baseUrl = inject('baseUrl');
const browser = browserPerFile();

describe('the API reference page', () => {
  it('renders every operation from the OpenAPI document, asking nothing of any other server', async () => {
    const context = await browser.newContext(baseUrl);
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    const elsewhere: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).origin !== new URL(baseUrl).origin) elsewhere.push(request.url());
    });
    await page.goto(`${baseUrl}/api/docs`);
    await expect.poll(() => page.getByText('Hearth API', { exact: false }).first().isVisible()).toBe(true);
    // One operation of each access level, as the renderer lists them.
    for (const path of ['/api/health', '/api/chores', '/api/login']) {
      await expect.poll(() => page.locator(`[data-path="${path}"]`).first().isVisible()).toBe(true);
    }
    expect(elsewhere).toEqual([]);
    errors.assertNone();
  });
});
