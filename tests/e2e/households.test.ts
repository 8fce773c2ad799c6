import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { uniqueEmail, watchPageErrors } from './helpers.ts';
import {
  browserPerFile,
  createHousehold,
  expectAccessible,
  expectAccessibleInBothThemes,
  loadSettled,
  registerMember,
} from './setup.ts';

const baseUrl = inject('baseUrl');
const PASSWORD = 'shared-kitchen-2024';
const browser = browserPerFile();

async function openPage(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext(baseUrl);
  return { context, page: await context.newPage() };
}

async function waitForOverlayToHide(page: Page): Promise<void> {
  await page
    .getByRole('status')
    .filter({ hasText: 'Setting up your account...' })
    .waitFor({ state: 'hidden' });
}

/** Fills in Create Account on /auth (already open) and submits it. */
async function submitSignUp(page: Page, firstName: string, email: string): Promise<void> {
  await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
  await page.getByRole('button', { name: 'Create Account' }).click();
  await page.getByRole('heading', { name: "There's always room for one more" }).waitFor();
  await page.getByLabel('First name').fill(firstName);
  await page.getByLabel('Last name').fill('Example');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create Account' }).click();
}

/** Signs up through the UI and waits for onboarding step 1. */
async function signUp(page: Page, firstName: string): Promise<void> {
  await page.goto('/auth');
  await submitSignUp(page, firstName, uniqueEmail(firstName.toLowerCase()));
  await page.getByRole('heading', { name: `Welcome, ${firstName}!` }).waitFor();
  await waitForOverlayToHide(page);
}

async function shownInviteCode(page: Page): Promise<string> {
  const text = (await page.getByTestId('invite-code').textContent()) ?? '';
  expect(text).toMatch(/^[A-Z2-9]{8}$/);
  return text;
}

/** From step 3 'Choose Your Path': opens Join Household and types the code key by key. */
async function joinWithCode(page: Page, typed: string): Promise<void> {
  const field = page.getByLabel('Invite code');
  await field.fill('');
  await field.pressSequentially(typed);
}

async function goHomeFromReady(page: Page): Promise<void> {
  await page.getByRole('heading', { name: 'Ready to Go!' }).waitFor();
  await page.getByRole('button', { name: 'Go to Home' }).click();
  await page.waitForURL(`${baseUrl}/`);
}

describe('households', () => {
  it('creates, joins, removes, rejoins with the new code and leaves', async () => {
    const { context: adaContext, page: ada } = await openPage();
    await adaContext.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
    const adaErrors = watchPageErrors(ada, [401]);
    const { page: bea } = await openPage();
    // 404: the old invite code after the removal.
    const beaErrors = watchPageErrors(bea, [401, 404]);

    // Ada signs up: step 1, then step 3 'Choose Your Path', then Create Household.
    await signUp(ada, 'Ada');
    await ada.getByText('Step 1 of 3').waitFor();
    await expectAccessible(ada);
    await ada.getByRole('button', { name: 'Get Started' }).click();
    await ada.getByRole('heading', { name: 'Choose Your Path' }).waitFor();
    await ada.getByText('Step 2 of 3').waitFor();
    await expectAccessible(ada);
    await ada.getByRole('button', { name: /Create Household/ }).click();
    await ada.getByRole('heading', { name: 'Create Household', level: 1 }).waitFor();
    const continueButton = ada.getByRole('button', { name: 'Continue' });
    expect(await continueButton.isDisabled()).toBe(true);
    await ada.getByLabel('Household name').fill('   ');
    expect(await continueButton.isDisabled()).toBe(true);
    await ada.getByLabel('Household name').fill('  Maple House ');
    expect(await continueButton.isEnabled()).toBe(true);
    await expectAccessible(ada);
    const [created] = await Promise.all([
      ada.waitForResponse((r) => r.url().endsWith('/api/households') && r.request().method() === 'POST'),
      continueButton.click(),
    ]);
    expect(created.status()).toBe(201);
    expect(created.request().postDataJSON()).toEqual({ name: 'Maple House', currency: 'USD' });

    // Step 4, with the onboarding flags already set (docs/screens.md, Onboarding).
    await ada.getByRole('heading', { name: 'Ready to Go!' }).waitFor();
    await ada.getByText('Step 3 of 3').waitFor();
    await expectAccessible(ada);
    expect(await ada.evaluate(() => localStorage.getItem('onboarding_completed'))).toBe('true');
    expect(await ada.evaluate(() => sessionStorage.getItem('is_new_signup'))).toBeNull();
    // The code to bring the others in, copied in one tap; no Back to the paths, which would only
    // answer that Ada is already in a household.
    const readyCode = (await ada.getByTestId('invite-code').textContent()) ?? '';
    expect(readyCode).toMatch(/^[A-Z2-9]{8}$/);
    await ada.getByRole('button', { name: 'Copy code' }).click();
    await ada
      .getByRole('status')
      .filter({ hasText: /^Copied$/ })
      .waitFor();
    expect(await ada.evaluate(() => navigator.clipboard.readText())).toBe(readyCode);
    await ada.getByRole('button', { name: 'Share invite link' }).waitFor();
    expect(await ada.getByRole('button', { name: 'Back' }).count()).toBe(0);
    await goHomeFromReady(ada);
    await ada.getByRole('heading', { level: 1, name: /, Ada$/ }).waitFor();
    await ada.getByText('Maple House').first().waitFor();
    await ada.getByRole('navigation', { name: 'Main' }).waitFor();
    // Alone in the household, home offers the same code until someone joins.
    const invite = ada.getByRole('region', { name: 'Invite your roommates' });
    expect(await invite.getByTestId('invite-code').textContent()).toBe(readyCode);

    // The household's screens open for a member: the dashboard among them.
    await ada.goto('/dashboard');
    await ada.getByRole('heading', { name: 'Household Dashboard', level: 1 }).waitFor();

    // Settings → Household Information: the invite code and its copy indicator.
    await ada.goto('/settings');
    await ada.getByRole('heading', { name: 'Household Information' }).waitFor();
    const firstCode = await shownInviteCode(ada);
    await ada.getByRole('button', { name: 'Copy code' }).click();
    const copied = ada.getByRole('status').filter({ hasText: /^Copied$/ });
    await copied.waitFor();
    expect(await ada.evaluate(() => navigator.clipboard.readText())).toBe(firstCode);
    // The indicator goes away by itself (after 2 s).
    await copied.waitFor({ state: 'detached' });

    // Bea signs up and joins with the code typed in lower case.
    await signUp(bea, 'Bea');
    await bea.getByRole('button', { name: 'Get Started' }).click();
    await bea.getByRole('button', { name: /Join Household/ }).click();
    await bea.getByRole('heading', { name: 'Join Household', level: 1 }).waitFor();
    const joinButton = bea.getByRole('button', { name: 'Join Household' });
    await joinWithCode(bea, firstCode.slice(0, 7).toLowerCase());
    expect(await bea.getByLabel('Invite code').inputValue()).toBe(firstCode.slice(0, 7));
    expect(await joinButton.isDisabled()).toBe(true);
    await bea.getByLabel('Invite code').pressSequentially(`${firstCode.slice(7).toLowerCase()}x`);
    // Upper-cased as typed, and never longer than 8.
    expect(await bea.getByLabel('Invite code').inputValue()).toBe(firstCode);
    // Pasted as copied from a message, with a space before it: trimmed before the cut at 8.
    await bea.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
    await bea.evaluate((code) => navigator.clipboard.writeText(code), ` ${firstCode}`);
    await bea.getByLabel('Invite code').fill('');
    await bea.getByLabel('Invite code').press('ControlOrMeta+V');
    expect(await bea.getByLabel('Invite code').inputValue()).toBe(firstCode);
    await expectAccessible(bea);
    await joinButton.click();
    await bea.getByRole('heading', { name: 'Ready to Go!' }).waitFor();
    await goHomeFromReady(bea);
    await bea.getByText('Maple House').first().waitFor();
    // Two members now: home no longer asks to invite.
    await bea.getByRole('heading', { name: "Today's Priority" }).waitFor();
    expect(await bea.getByRole('region', { name: 'Invite your roommates' }).count()).toBe(0);

    // Both see each other in Settings; only the administrator can remove.
    await bea.goto('/settings');
    await bea.getByRole('heading', { name: 'Household Information' }).waitFor();
    await bea.getByText('Ada E.').waitFor();
    await bea.getByText('Bea E.').waitFor();
    expect(await bea.getByRole('button', { name: /^Remove / }).count()).toBe(0);
    expect(await bea.getByRole('button', { name: 'Delete All Household Data' }).count()).toBe(0);
    await bea.getByRole('button', { name: 'Leave Household' }).waitFor();

    await ada.reload();
    await ada.getByText('Bea E.').waitFor();
    const adaRow = ada.getByRole('listitem').filter({ hasText: 'Ada E.' });
    await adaRow.getByText('Administrator').waitFor();
    expect(await ada.getByRole('button', { name: 'Remove Ada E.' }).count()).toBe(0);
    await expectAccessibleInBothThemes(ada);

    // Bea has closed the app while Ada removes her: no page of hers gets the live 'removed' event
    // (the chat suite covers that), so its own reload cannot race this test's navigation below.
    await bea.goto('about:blank');

    // Ada removes Bea; the shown invite code becomes the new one.
    await ada.getByRole('button', { name: 'Remove Bea E.' }).click();
    const dialog = ada.getByRole('dialog', { name: 'Remove Bea E.?' });
    await dialog.waitFor();
    await expectAccessible(ada);
    const [removed] = await Promise.all([
      ada.waitForResponse(
        (r) => r.url().includes('/api/households/members/') && r.request().method() === 'DELETE',
      ),
      dialog.getByRole('button', { name: 'Remove' }).click(),
    ]);
    expect(removed.status()).toBe(200);
    const { newInviteCode } = (await removed.json()) as { newInviteCode: string };
    await dialog.waitFor({ state: 'hidden' });
    await ada.getByTestId('invite-code').filter({ hasText: newInviteCode }).waitFor();
    expect(newInviteCode).not.toBe(firstCode);
    await ada.getByText('Bea E.').waitFor({ state: 'detached' });

    // Bea comes back and reloads: no household, the removal notice, which stays dismissed.
    await bea.goto('/');
    await bea.getByRole('heading', { name: 'Welcome back, Bea' }).waitFor();
    await bea.getByText('Find your perfect living situation').waitFor();
    const notice = bea.getByRole('region', { name: 'Removed from Household' });
    await notice.waitFor();
    expect(await bea.getByRole('navigation', { name: 'Main' }).count()).toBe(0);
    await expectAccessibleInBothThemes(bea);
    const [cleared] = await Promise.all([
      bea.waitForResponse((r) => r.url().endsWith('/api/user/clear-kicked-flag')),
      notice.getByRole('button', { name: 'Dismiss notice' }).click(),
    ]);
    expect(cleared.status()).toBe(204);
    await notice.waitFor({ state: 'detached' });
    const [status] = await Promise.all([
      bea.waitForResponse((r) => r.url().endsWith('/api/user/kicked-status')),
      bea.reload(),
    ]);
    expect(await status.json()).toEqual({ wasKicked: false });
    await bea.getByRole('heading', { name: 'Welcome back, Bea' }).waitFor();
    expect(await notice.count()).toBe(0);

    // Household screens fall back without a household.
    await bea.goto('/expenses');
    await bea.getByRole('heading', { name: 'No household yet' }).waitFor();
    await bea.getByRole('link', { name: 'Go Home' }).click();

    // The old code fails, the new one works.
    await bea.getByRole('link', { name: /Create or Join Household/ }).click();
    await bea.waitForURL(`${baseUrl}/onboarding`);
    await bea.getByRole('heading', { name: 'Welcome, Bea!' }).waitFor();
    // Not a new signup any more: step 1 has a way back.
    await bea.getByRole('button', { name: 'Back' }).waitFor();
    await bea.getByRole('button', { name: 'Get Started' }).click();
    await bea.getByRole('button', { name: /Join Household/ }).click();
    await joinWithCode(bea, firstCode);
    await bea.getByRole('button', { name: 'Join Household' }).click();
    const failure = bea.getByRole('alert').filter({ hasText: 'Unable to Join Household' });
    await failure.waitFor();
    expect(await failure.textContent()).toContain(
      'Invite code not found. Please check the code and try again.',
    );
    await expectAccessible(bea);
    await joinWithCode(bea, newInviteCode.toLowerCase());
    await failure.waitFor({ state: 'detached' });
    await bea.getByRole('button', { name: 'Join Household' }).click();
    await goHomeFromReady(bea);
    await bea.getByText('Maple House').first().waitFor();

    // Bea leaves and is back on the no-household home, without the removal notice. Her page settles
    // first: a read of hers reaching the server after she has left would get a 404.
    await loadSettled(bea, () => bea.goto('/settings'));
    await bea.getByRole('button', { name: 'Leave Household' }).click();
    const leaveDialog = bea.getByRole('dialog', { name: 'Leave household?' });
    await leaveDialog.waitFor();
    const [left] = await Promise.all([
      bea.waitForResponse((r) => r.url().endsWith('/api/households/leave')),
      leaveDialog.getByRole('button', { name: 'Leave Household' }).click(),
    ]);
    expect(left.status()).toBe(204);
    await bea.waitForURL(`${baseUrl}/`);
    await bea.getByRole('heading', { name: 'Welcome back, Bea' }).waitFor();
    await bea.getByRole('link', { name: /Post Your Listing/ }).waitFor();
    expect(await bea.getByRole('region', { name: 'Removed from Household' }).count()).toBe(0);

    await ada.reload();
    await ada.getByRole('heading', { name: 'Household Information' }).waitFor();
    expect(await ada.getByText('Bea E.').count()).toBe(0);

    adaErrors.assertNone();
    beaErrors.assertNone();
  });

  it('joins through an invite link opened while signed out', async () => {
    // The owner is set up through the API; the invite link comes from Settings.
    const { context: ownerContext, page: owner } = await openPage();
    await ownerContext.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
    const ownerErrors = watchPageErrors(owner, [401]);
    const registered = await ownerContext.request.post('/api/register', {
      data: {
        email: uniqueEmail('olive'),
        password: PASSWORD,
        confirmPassword: PASSWORD,
        firstName: 'Olive',
        lastName: 'Owner',
      },
    });
    expect(registered.status()).toBe(201);
    const household = await ownerContext.request.post('/api/households', { data: { name: 'Cedar' } });
    expect(household.status()).toBe(201);
    const { inviteCode } = (await household.json()) as { inviteCode: string };

    await owner.goto('/settings');
    await owner.getByRole('heading', { name: 'Household Information' }).waitFor();

    // Any member renames the household; a blank name is never sent.
    const nameField = owner.getByLabel('Household name');
    const saveName = owner.getByRole('button', { name: 'Save name' });
    await nameField.fill('   ');
    expect(await saveName.isDisabled()).toBe(true);
    await nameField.fill(' Cedar Flat ');
    const [renamed] = await Promise.all([
      owner.waitForResponse(
        (r) => r.url().endsWith('/api/households/current') && r.request().method() === 'PATCH',
      ),
      saveName.click(),
    ]);
    expect(renamed.request().postDataJSON()).toEqual({ name: 'Cedar Flat' });
    await owner.getByRole('status').filter({ hasText: 'Name saved' }).waitFor();

    // Rent: checked with the shared schema before anything is sent.
    const rentAmount = owner.getByLabel('Rent amount ($)');
    await rentAmount.fill('12.345');
    await owner.getByRole('button', { name: 'Save rent' }).click();
    await owner
      .getByText('Rent amount must be a non-negative amount in dollars with at most 2 decimals')
      .waitFor();
    expect(await rentAmount.getAttribute('aria-invalid')).toBe('true');
    await rentAmount.fill('1200.5');
    await owner.getByLabel('Rent due day').selectOption('1');
    const [rentSaved] = await Promise.all([
      owner.waitForResponse(
        (r) => r.url().endsWith('/api/households/current') && r.request().method() === 'PATCH',
      ),
      owner.getByRole('button', { name: 'Save rent' }).click(),
    ]);
    expect(rentSaved.request().postDataJSON()).toEqual({ rentAmount: '1200.5', rentDueDay: 1 });
    await owner.getByText('$1,200.50 a month, due on the 1st').waitFor();
    expect(await rentAmount.inputValue()).toBe('1200.50');
    await owner.getByRole('button', { name: 'Share invite link' }).click();
    await owner.getByRole('status').filter({ hasText: 'Invite link copied' }).waitFor();
    const link = await owner.evaluate(() => navigator.clipboard.readText());
    expect(link).toBe(`${baseUrl}/join/${inviteCode}`);

    // Cleo opens the link signed out, signs up and comes back to it.
    const { page: cleo } = await openPage();
    const cleoErrors = watchPageErrors(cleo, [401]);
    await cleo.goto(link);
    await cleo.waitForURL(`${baseUrl}/auth`);
    await submitSignUp(cleo, 'Cleo', uniqueEmail('cleo'));
    await cleo.waitForURL(link);
    await cleo.getByRole('heading', { name: 'Join Household', level: 1 }).waitFor();
    await cleo.getByText(`Join household with code ${inviteCode}?`).waitFor();
    await waitForOverlayToHide(cleo);
    await expectAccessible(cleo);
    const [joined] = await Promise.all([
      cleo.waitForResponse((r) => r.url().endsWith('/api/households/join')),
      cleo.getByRole('button', { name: 'Join Household' }).click(),
    ]);
    expect(joined.status()).toBe(200);
    await cleo.waitForURL(`${baseUrl}/`);
    await cleo.getByRole('heading', { level: 1, name: /, Cleo$/ }).waitFor();
    await cleo.getByText('Cedar Flat').first().waitFor();
    expect(await cleo.evaluate(() => localStorage.getItem('onboarding_completed'))).toBe('true');

    // The same link once in a household explains instead of joining. Both pages settle before the
    // household is deleted below: a read of theirs reaching the server after it would get a 404.
    await loadSettled(cleo, () => cleo.goto(link));
    await cleo.getByRole('heading', { name: "You're already in a household" }).waitFor();
    await cleo.getByText('You are a member of Cedar Flat.', { exact: false }).waitFor();

    // The owner sees Cleo, then deletes all of the household's data.
    await loadSettled(owner, () => owner.reload());
    await owner.getByText('Cleo E.').waitFor();
    await owner.getByRole('button', { name: 'Delete All Household Data' }).click();
    const dialog = owner.getByRole('dialog', { name: 'Delete all data of Cedar Flat?' });
    await dialog.waitFor();
    await Promise.all([
      owner.waitForURL(`${baseUrl}/`),
      dialog.getByRole('button', { name: 'Delete Everything' }).click(),
    ]);
    await owner.getByRole('heading', { name: 'Welcome back, Olive' }).waitFor();

    await cleo.goto('/');
    await cleo.getByRole('heading', { name: 'Welcome back, Cleo' }).waitFor();

    ownerErrors.assertNone();
    cleoErrors.assertNone();
  });

  it('retries a failed household read and says so, never taking the member for someone without one', async () => {
    const context = await browser.newContext(baseUrl);
    const { page } = await registerMember(context, { firstName: 'Hana', password: PASSWORD });
    await createHousehold({ context }, 'Retry House');
    // The household read fails every time: the server is unreachable for it.
    let asked = 0;
    await page.route('**/api/households/current', (route) => {
      asked += 1;
      return route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: '{"message":"Service unavailable"}',
      });
    });
    const errors = watchPageErrors(page, [401, 503]);
    await page.goto('/settings');
    await page.getByRole('alert').filter({ hasText: 'Your household could not load' }).waitFor();
    // Asked once and tried three times more; neither onboarding nor a household-less screen shows.
    expect(asked).toBe(4);
    expect(await page.getByRole('heading', { name: 'Choose Your Path' }).count()).toBe(0);
    expect(await page.getByRole('heading', { name: 'Profile & Settings' }).count()).toBe(0);
    // Back online, Try again brings the household's screen.
    await page.unroute('**/api/households/current');
    await page.getByRole('button', { name: 'Try again' }).click();
    await page.getByRole('heading', { name: 'Household Information' }).waitFor();
    await page.getByTestId('invite-code').waitFor();
    errors.assertNone();
  });

  it('sends Find Roommates to the listings board and keeps only the allowed keys on Refresh App & Data', async () => {
    const { page } = await openPage();
    const pageErrors = watchPageErrors(page, [401]);
    await signUp(page, 'Finn');
    await page.getByRole('button', { name: 'Get Started' }).click();
    await page.getByRole('button', { name: /Find Roommates/ }).click();
    await page.waitForURL(`${baseUrl}/roommates`);
    await page.getByRole('heading', { name: 'Find Your Roommates' }).waitFor();
    await page.getByRole('tab', { name: /^Browse/, selected: true }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('onboarding_completed'))).toBe('true');
    // From that moment they may post a listing: its form opens, not onboarding again.
    await page.getByRole('link', { name: 'Post a listing' }).click();
    await page.waitForURL(`${baseUrl}/add-listing`);
    await page.getByRole('heading', { name: 'New Listing', level: 1 }).waitFor();
    await page.reload();
    await page.getByRole('heading', { name: 'New Listing', level: 1 }).waitFor();
    expect(page.url()).toBe(`${baseUrl}/add-listing`);

    // Onboarding done, no household: Settings has no household card but the developer tools.
    await page.goto('/settings');
    await page.getByRole('heading', { name: 'Developer Tools' }).waitFor();
    expect(await page.getByRole('heading', { name: 'Household Information' }).count()).toBe(0);
    await page.getByRole('radio', { name: 'Dark' }).check();
    await page.evaluate(() => localStorage.setItem('scratch', 'x'));
    await Promise.all([
      page.waitForEvent('load'),
      page.getByRole('button', { name: 'Refresh App & Data' }).click(),
    ]);
    const keys = await page.evaluate(() => Object.keys(localStorage).sort());
    expect(keys).toEqual(['auth-cache', 'theme']);
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
    await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
    pageErrors.assertNone();
  });
});
