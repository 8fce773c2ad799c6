// A signed-out browser asks nothing the server would refuse (decision 0012): no failed request,
// no console error, no CSP violation, on the first visit, after signing out, and (after one
// refused check) when the session has ended on the server.
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { watchPageErrors } from './helpers.ts';
import { browserPerFile, registerMember } from './setup.ts';

const baseUrl = inject('baseUrl');
const PASSWORD = 'correct horse battery';
const files = browserPerFile();

/** Every answer of 400 or more and every request that failed, as 'STATUS METHOD path'. */
function watchFailures(page: Page): string[] {
  const failures: string[] = [];
  page.on('response', (response) => {
    if (response.status() >= 400)
      failures.push(
        `${response.status()} ${response.request().method()} ${new URL(response.url()).pathname}`,
      );
  });
  page.on('requestfailed', (request) => failures.push(`failed ${request.method()} ${request.url()}`));
  return failures;
}

/** Collects the page's CSP violation reports (Chromium fires these even for caught attempts). */
async function watchCspViolations(context: BrowserContext): Promise<(page: Page) => Promise<string[]>> {
  await context.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push(`${event.violatedDirective} ${event.blockedURI}`),
    );
  });
  return (page) => page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
}

describe('a signed-out visit', () => {
  it('loads the landing page and the sign-in screen with no failed request and no console error', async () => {
    const context = await files.newContext(baseUrl);
    const violations = await watchCspViolations(context);
    const page = await context.newPage();
    const failures = watchFailures(page);
    const pageErrors = watchPageErrors(page);

    await page.goto('/');
    await page.getByRole('heading', { name: 'Smart Chores' }).waitFor();
    // Everything the landing page asks for has its answer (the favicon comes late): leaving
    // earlier would cut a request off, which is the test's doing, not the app's.
    await page.waitForLoadState('networkidle');
    await page.goto('/auth');
    // The sign-in form's chunk brings the validation code (Zod): it must not try eval either.
    await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
    await page.getByRole('button', { name: 'Sign In' }).first().click();
    await page.getByText('Email is required').first().waitFor();

    expect(await violations(page)).toEqual([]);
    expect(failures).toEqual([]);
    pageErrors.assertNone();
  });

  it('stays quiet after signing out', async () => {
    const context = await files.newContext(baseUrl);
    const { page } = await registerMember(context, { firstName: 'Sol', password: PASSWORD });
    await page.goto('/settings');
    const failures = watchFailures(page);
    const pageErrors = watchPageErrors(page);
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await page.waitForURL(`${baseUrl}/`);
    await page.getByRole('heading', { name: 'Smart Chores' }).waitFor();
    expect((await context.cookies()).map((c) => c.name)).toEqual([]);
    await page.reload();
    await page.getByRole('heading', { name: 'Smart Chores' }).waitFor();
    expect(failures).toEqual([]);
    pageErrors.assertNone();
  });

  it('hears 401s once when the session ended on the server, then no more', async () => {
    const context = await files.newContext(baseUrl);
    const { page } = await registerMember(context, { firstName: 'Tam', password: PASSWORD });
    // The session ends elsewhere (as when the account signs out on another device): this
    // browser still holds both cookies.
    const cookie = (await context.cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
    const other = await files.newContext(baseUrl);
    expect((await other.request.post('/api/logout', { headers: { cookie } })).status()).toBe(204);
    expect((await context.cookies()).map((c) => c.name).sort()).toEqual([
      'hearth_session',
      'hearth_signed_in',
    ]);

    const failures = watchFailures(page);
    const pageErrors = watchPageErrors(page, [401]);
    await page.goto('/');
    await page.getByRole('heading', { name: 'Smart Chores' }).waitFor();
    // The household check goes out beside the user check when a session may exist.
    expect(failures.sort()).toEqual(['401 GET /api/households/current', '401 GET /api/user']);
    expect((await context.cookies()).map((c) => c.name)).not.toContain('hearth_signed_in');

    failures.length = 0;
    await page.reload();
    await page.getByRole('heading', { name: 'Smart Chores' }).waitFor();
    expect(failures).toEqual([]);
    pageErrors.assertNone();
  });
});
