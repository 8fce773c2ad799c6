import type { APIRequestContext, BrowserContext, Page, Request } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, inject, it } from 'vitest';
import { availableLabel } from '../../src/shared/listings/schemas.ts';
import { watchPageErrors } from './helpers.ts';
import { browserPerFile, expectAccessible, expectAccessibleInBothThemes, registerMember } from './setup.ts';

const baseUrl = inject('baseUrl');
const PASSWORD = 'room-with-a-view-2024';
// The budget: the Browse page's first screen fetches at most this much image data.
const IMAGE_BUDGET_BYTES = 300 * 1024;
const browser = browserPerFile();

interface Person {
  context: BrowserContext;
  page: Page;
  email: string;
  request: APIRequestContext;
}

/**
 * A user registered through the API in a fresh context. `onboarded` marks onboarding as done in
 * this browser, as 'Find Roommates' does, so the user may post (docs/listings.md, Who sees and
 * posts); without it the user is still in onboarding, where /roommates and /listings/{id} are open
 * but posting is not.
 */
async function person(
  firstName: string,
  options: { onboarded?: boolean; clipboard?: boolean; locale?: string } = {},
) {
  const context = await browser.newContext(baseUrl, options.locale ? { locale: options.locale } : {});
  if (options.onboarded) {
    await context.addInitScript(() => localStorage.setItem('onboarding_completed', 'true'));
  }
  if (options.clipboard) {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
  }
  const { page, email } = await registerMember(context, { firstName, password: PASSWORD });
  return { context, page, email, request: context.request } satisfies Person;
}

/**
 * A photo-like test picture: smooth colour fields with grain at about a twentieth of the final
 * size, so that it keeps detail when scaled down. Its 640 px WebP weighs about as much as a
 * phone photo's (roughly 40-50 KB), which keeps the image budget honest.
 */
async function photo(width: number, height: number, seed: number, format: 'png' | 'jpeg'): Promise<Buffer> {
  const w = Math.round(width / 4);
  const h = Math.round(height / 4);
  const raw = Buffer.alloc(w * h * 3);
  let state = seed * 7919 + 1;
  const random = () => {
    state = (state * 1103515245 + 12345) & 0x7fffffff;
    return state / 0x7fffffff;
  };
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = (y * w + x) * 3;
      const base = [
        120 + 80 * Math.sin(x / 25 + seed),
        100 + 70 * Math.cos(y / 20 + seed),
        90 + 60 * Math.sin((x + y) / 35),
      ];
      for (let c = 0; c < 3; c++) {
        raw[i + c] = Math.max(0, Math.min(255, Math.round(base[c]! + (random() - 0.5) * 32)));
      }
    }
  }
  const image = sharp(raw, { raw: { width: w, height: h, channels: 3 } }).resize(width, height, {
    kernel: 'cubic',
  });
  return format === 'png' ? image.png().toBuffer() : image.jpeg({ quality: 90 }).toBuffer();
}

const isListingWrite = (method: string) => (response: { url(): string; request(): Request }) =>
  new URL(response.url()).pathname.startsWith('/api/roommate-listings') &&
  response.request().method() === method;

/** Posts a listing through the API (for the screens that only read listings). */
async function postListing(request: APIRequestContext, fields: Record<string, unknown>, photos: Buffer[]) {
  const response = await request.post('/api/roommate-listings', {
    data: {
      location: '1 Test Road',
      country: 'US',
      postcode: '62701',
      images: photos.map((p) => `data:image/jpeg;base64,${p.toString('base64')}`),
      ...fields,
    },
  });
  expect(response.status()).toBe(201);
  return (await response.json()) as { id: string; cardImages: string[]; images: string[] };
}

function card(page: Page, title: string) {
  return page.getByTestId('listing-card').filter({ hasText: title });
}

describe('roommate listings', () => {
  it('posts a listing with photos, finds it from another account by city and rent, contacts, closes it', async () => {
    const ada = await person('Ada', { onboarded: true });
    const bea = await person('Bea');
    const a = ada.page;
    const b = bea.page;
    const aErrors = watchPageErrors(a);
    // Bea opens the listing once it is closed: the API answers 404 on purpose.
    const bErrors = watchPageErrors(b, [404]);
    const title = `Sunny room near campus ${Date.now().toString(36)}`;

    // Ada's board: both tabs, empty, accessible.
    await a.goto('/roommates?q=nothing-matches-this-search');
    await a.getByRole('heading', { name: 'Find Your Roommates', level: 1 }).waitFor();
    const browseTab = a.getByRole('tab', { name: /^Browse/ });
    expect(await browseTab.getAttribute('aria-selected')).toBe('true');
    await a.getByText('No listings found').waitFor();
    expect(await a.getByRole('link', { name: 'Post Listing' }).getAttribute('href')).toBe('/add-listing');
    expect(await a.getByRole('searchbox', { name: 'Search listings' }).inputValue()).toBe(
      'nothing-matches-this-search',
    );
    await expectAccessibleInBothThemes(a);
    // Arrow keys move between the tabs (WAI-ARIA tablist).
    await browseTab.focus();
    await a.keyboard.press('ArrowRight');
    await a.getByRole('tab', { name: 'My Listings (0)', selected: true }).waitFor();
    await a.waitForURL(/tab=my/);
    await a.getByText('No listings yet').waitFor();
    expect(await a.getByRole('link', { name: 'Create Listing' }).getAttribute('href')).toBe('/add-listing');
    await expectAccessibleInBothThemes(a);

    // The plus button opens the form with its defaults (docs/listings.md, Fields).
    await a.getByRole('link', { name: 'Post a listing' }).click();
    await a.waitForURL(`${baseUrl}/add-listing`);
    await a.getByRole('heading', { name: 'New Listing' }).waitFor();
    expect(await a.getByRole('link', { name: 'Back to listings' }).getAttribute('href')).toBe('/roommates');
    const today = await a.evaluate(() => {
      const d = new Date();
      return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
    });
    expect(await a.getByLabel('Available from').inputValue()).toBe(today);
    expect(await a.getByLabel('Available to').inputValue()).toBe('');
    expect(await a.getByLabel('Contact info').inputValue()).toBe(ada.email);
    expect(await a.getByLabel('Room type').inputValue()).toBe('private');
    expect(await a.getByLabel('Housing type').inputValue()).toBe('apartment');
    expect(await a.getByLabel('Gender preference').inputValue()).toBe('any');
    expect(await a.getByLabel('Student year').inputValue()).toBe('any');
    expect(await a.getByLabel('Study habits').inputValue()).toBe('flexible');
    expect(await a.getByLabel('Social preferences').inputValue()).toBe('balanced');
    expect(await a.getByRole('checkbox', { checked: true }).count()).toBe(0);
    // Only household admins get the prefill button.
    expect(await a.getByRole('button', { name: 'Prefill from my household' }).count()).toBe(0);
    const submit = a.getByRole('button', { name: 'Create Listing' });
    expect(await submit.isDisabled()).toBe(true);
    await a.getByText('Please fill in all required fields (*)').waitFor();
    await expectAccessibleInBothThemes(a);

    // The floating header changes style once the page has scrolled past 20 px.
    expect(await a.locator('header[data-scrolled]').getAttribute('data-scrolled')).toBe('false');
    await a.evaluate(() => window.scrollTo(0, 300));
    await a.locator('header[data-scrolled="true"]').waitFor();
    await a.evaluate(() => window.scrollTo(0, 0));
    await a.locator('header[data-scrolled="false"]').waitFor();

    await a.getByLabel('Title').fill(title);
    await a.getByLabel('Description').fill('Quiet house, big window, five minutes to the library.');
    // The country and currency start from the browser's language (en-US here); the street is hidden.
    expect(await a.getByLabel('Country').inputValue()).toBe('US');
    expect(await a.getByLabel('Currency').inputValue()).toBe('USD');
    expect(await a.getByLabel('Show the exact address to').inputValue()).toBe('hidden');
    await a.getByLabel('Rent per month').fill('750');
    await a.getByLabel('Utilities per month').fill('60');
    await a.getByLabel('Housing type').selectOption('shared_house');
    await a.getByLabel('Street').fill('12 Elm Street');
    await a.getByLabel('City').fill('Springfield');
    await a.getByLabel('Region').fill('IL');
    await a.getByLabel('Postcode').fill('62701');
    await a.getByLabel('University').fill('Springfield State');
    await a.getByLabel('Distance to campus').fill('5 min walk');
    await a.getByLabel('Student year').selectOption('graduate');
    await a.getByLabel('Study habits').selectOption('quiet');
    await a.getByRole('checkbox', { name: 'No smoking' }).check();
    for (const amenity of ['WiFi', 'Laundry', 'Kitchen', 'Furnished']) {
      await a.getByRole('checkbox', { name: amenity }).check();
    }
    expect(await submit.isDisabled()).toBe(true);

    // Three photos at once (one bigger than the 1600 px the browser sends), one removed again.
    const [big, second, extra] = await Promise.all([
      photo(2400, 1800, 1, 'png'),
      photo(1200, 900, 2, 'png'),
      photo(800, 600, 3, 'png'),
    ]);
    await a.getByLabel('Add photos').setInputFiles([
      { name: 'big.png', mimeType: 'image/png', buffer: big },
      { name: 'second.png', mimeType: 'image/png', buffer: second },
      { name: 'extra.png', mimeType: 'image/png', buffer: extra },
    ]);
    await a.getByRole('button', { name: 'Remove photo 3' }).click();
    await a.getByRole('button', { name: 'Remove photo 3' }).waitFor({ state: 'detached' });
    expect(await a.getByRole('list', { name: 'Chosen photos' }).getByRole('img').count()).toBe(2);
    await a.getByText('Please fill in all required fields (*)').waitFor({ state: 'detached' });
    expect(await submit.isDisabled()).toBe(false);
    await expectAccessible(a);

    // The button says 'Creating Listing...' (and stays disabled) while the request is out.
    await a.evaluate(() => {
      const w = window as unknown as { sawPending?: boolean };
      w.sawPending = false;
      new MutationObserver(() => {
        const button = Array.from(document.querySelectorAll('button')).find(
          (element) => element.textContent === 'Creating Listing...',
        );
        if (button?.disabled) w.sawPending = true;
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    const [createdResponse] = await Promise.all([a.waitForResponse(isListingWrite('POST')), submit.click()]);
    expect(createdResponse.status()).toBe(201);
    const payload = createdResponse.request().postDataJSON();
    expect(payload).toMatchObject({
      title,
      rent: '750',
      utilities: '60',
      currency: 'USD',
      country: 'US',
      street: '12 Elm Street',
      streetVisibility: 'hidden',
      city: 'Springfield',
      region: 'IL',
      postcode: '62701',
      availableFrom: today,
      availableTo: null,
      roomType: 'private',
      housingType: 'shared_house',
      genderPreference: 'any',
      studentYear: 'graduate',
      studyHabits: 'quiet',
      socialPreferences: 'balanced',
      lifestylePreferences: ['no_smoking'],
      amenities: ['WiFi', 'Laundry', 'Kitchen', 'Furnished'],
      contactInfo: ada.email,
    });
    // Photos go as JPEG data URLs, downscaled in the browser to at most 1600 px.
    expect(payload.images).toHaveLength(2);
    const sent = await Promise.all(
      (payload.images as string[]).map((url) => {
        expect(url.startsWith('data:image/jpeg;base64,')).toBe(true);
        return sharp(Buffer.from(url.split(',')[1]!, 'base64')).metadata();
      }),
    );
    expect(sent.map((m) => [m.width, m.height])).toEqual([
      [1600, 1200],
      [1200, 900],
    ]);
    const listing = (await createdResponse.json()) as { id: string; cardImages: string[] };
    await a.waitForURL(`${baseUrl}/roommates`);
    expect(await a.evaluate(() => (window as unknown as { sawPending?: boolean }).sawPending)).toBe(true);
    await card(a, title).waitFor();
    await a.getByRole('tab', { name: 'My Listings (1)' }).waitFor();

    // Bea, still in onboarding, finds it with the city and a rent limit.
    await b.goto('/roommates');
    await b.getByRole('heading', { name: 'Find Your Roommates' }).waitFor();
    const applyFilters = async (fields: Record<string, string>) => {
      await b.getByRole('button', { name: /^Filters/ }).click();
      const sheet = b.getByRole('dialog', { name: 'Filters' });
      await sheet.waitFor();
      for (const [label, value] of Object.entries(fields)) await sheet.getByLabel(label).fill(value);
      await sheet.getByRole('button', { name: 'Show results' }).click();
      await sheet.waitFor({ state: 'hidden' });
    };
    await applyFilters({ City: 'springfield', 'Max rent': '700' });
    await b.waitForURL(/city=springfield&currency=USD&maxRent=700/);
    await b.getByText('No listings found').waitFor();
    await applyFilters({ 'Max rent': '800' });
    await b.waitForURL(/city=springfield&currency=USD&maxRent=800/);
    await b.getByRole('button', { name: 'Filters (2 active)' }).waitFor();
    const found = card(b, title);
    await found.waitFor();
    for (const text of [
      '$750.00/month',
      // The area only: Ada keeps the street to herself.
      'Springfield, IL, 62701, United States',
      'Private room',
      'Shared house',
      availableLabel(today),
      'Ada E.',
      'WiFi',
      'Laundry',
      'Kitchen',
      '+1 more',
      'Quiet house, big window, five minutes to the library.',
    ]) {
      await found.getByText(text, { exact: true }).waitFor();
    }
    expect(await found.getByText('Featured').count()).toBe(0);
    const cardImage = found.locator('img').first();
    expect(await cardImage.getAttribute('src')).toBe(listing.cardImages[0]);
    expect(await cardImage.getAttribute('width')).toBe('640');
    expect(await cardImage.getAttribute('height')).toBe('480');
    expect(await cardImage.getAttribute('decoding')).toBe('async');
    await expectAccessibleInBothThemes(b);

    // Enter on the card's link opens the detail.
    await found.getByRole('link', { name: title }).press('Enter');
    await b.waitForURL(`${baseUrl}/listings/${listing.id}`);
    await b.getByRole('heading', { name: 'Room Details', level: 1 }).waitFor();
    await b.getByRole('heading', { name: title }).waitFor();
    const counter = b.getByTestId('carousel-counter');
    expect(await counter.textContent()).toBe('1 / 2');
    await b.getByRole('button', { name: 'Next photo' }).click();
    await b.getByTestId('carousel-counter').getByText('2 / 2').waitFor();
    await b.keyboard.press('ArrowLeft');
    await b.getByTestId('carousel-counter').getByText('1 / 2').waitFor();
    for (const [label, value] of [
      ['Utilities', '$60.00/month'],
      ['Available from', availableLabel(today).replace('Available ', '')],
      ['Housing type', 'Shared house'],
      ['Postcode', '62701'],
      ['Region', 'IL'],
      ['Country', 'United States'],
      ['University', 'Springfield State'],
      ['Distance to campus', '5 min walk'],
      ['Gender preference', 'Any'],
      ['Student year', 'Graduate'],
      ['Study habits', 'Quiet'],
      ['Social preferences', 'Balanced'],
    ] as const) {
      const row = b.locator('dt', { hasText: label }).locator('xpath=following-sibling::dd[1]');
      expect(await row.first().textContent(), label).toBe(value);
    }
    expect(await b.locator('dt', { hasText: 'Street' }).count()).toBe(0);
    expect(await b.getByText('12 Elm Street').count()).toBe(0);
    await b.getByRole('region', { name: 'Lifestyle' }).getByText('No smoking').waitFor();
    await b.getByRole('region', { name: 'Amenities' }).getByText('Furnished').waitFor();
    expect(await b.getByRole('link', { name: 'Contact' }).getAttribute('href')).toBe(`mailto:${ada.email}`);
    await b.getByText('Contact details are shared with signed-in users only.').waitFor();
    expect(await b.getByRole('button', { name: 'Edit' }).count()).toBe(0);
    await expectAccessibleInBothThemes(b);
    // Back returns to the filtered list.
    await b.getByRole('link', { name: 'Back to listings' }).click();
    await b.waitForURL(/\/roommates\?city=springfield&currency=USD&maxRent=800$/);
    await card(b, title).waitFor();

    // Ada's home (no household) shows her own listing; View All opens My Listings.
    await a.goto('/');
    const ownSection = a.getByRole('region', { name: 'Your Listings' });
    await card(a, title).waitFor();
    await ownSection.getByRole('link', { name: 'View All' }).click();
    await a.waitForURL(`${baseUrl}/roommates?tab=my`);

    // Ada finds it under My Listings, edits the rent and closes it.
    await a.getByRole('tab', { name: 'My Listings (1)', selected: true }).waitFor();
    await card(a, title).getByRole('link', { name: title }).click();
    await a.waitForURL(`${baseUrl}/listings/${listing.id}`);
    // Ada sees her own street, and whom it is shown to.
    await a.getByText('12 Elm Street, Springfield, IL, 62701, United States').waitFor();
    await a.locator('dt', { hasText: 'Exact address shown to' }).waitFor();
    await a.getByRole('button', { name: 'Edit' }).click();
    const editForm = a.getByRole('form', { name: 'Edit listing' });
    await editForm.getByLabel('Rent per month').fill('725');
    const [edited] = await Promise.all([
      a.waitForResponse(isListingWrite('PATCH')),
      editForm.getByRole('button', { name: 'Save Changes' }).click(),
    ]);
    expect(edited.status()).toBe(200);
    expect(edited.request().postDataJSON()).toMatchObject({ rent: '725', currency: 'USD', title });
    await a.getByText('$725.00', { exact: true }).waitFor();
    const [closed] = await Promise.all([
      a.waitForResponse(isListingWrite('PATCH')),
      a.getByRole('button', { name: 'Close Listing' }).click(),
    ]);
    expect(closed.request().postDataJSON()).toEqual({ status: 'closed' });
    await a.getByRole('button', { name: 'Reopen Listing' }).waitFor();
    await a.getByText('Closed', { exact: true }).first().waitFor();
    await expectAccessibleInBothThemes(a);

    // Bea no longer finds it, and its address says so.
    await b.reload();
    await b.getByText('No listings found').waitFor();
    await b.goto(`/listings/${listing.id}`);
    await b.getByRole('heading', { name: 'Listing Not Found' }).waitFor();
    await b.getByText('This listing may have been removed or is no longer available.').waitFor();
    expect(await b.getByRole('link', { name: 'Browse Listings' }).getAttribute('href')).toBe('/roommates');
    await expectAccessible(b);

    aErrors.assertNone();
    bErrors.assertNone();
  });

  it('copies a contact that is not an e-mail, prefills a household admin’s listing, keeps the form when posting fails', async () => {
    const host = await person('Hal', { onboarded: true });
    const household = await host.request.post('/api/households', { data: { name: 'Maple Court' } });
    expect(household.status()).toBe(201);
    const rent = await host.request.patch('/api/households/current', { data: { rentAmount: '1800' } });
    expect(rent.status()).toBe(200);
    const listing = await postListing(
      host.request,
      { title: 'Box room with a phone number', rent: 500, city: 'Shelbyville', contactInfo: '+1 555 0100' },
      [await photo(800, 600, 4, 'jpeg')],
    );

    const guest = await person('Gus', { clipboard: true });
    const g = guest.page;
    const gErrors = watchPageErrors(g);
    await g.goto(`/listings/${listing.id}`);
    await g.getByRole('heading', { name: 'Box room with a phone number' }).waitFor();
    expect(await g.getByTestId('carousel-counter').textContent()).toBe('1 / 1');
    expect(await g.getByRole('button', { name: 'Next photo' }).count()).toBe(0);
    expect(await g.getByRole('link', { name: 'Contact' }).count()).toBe(0);
    await g.getByRole('button', { name: 'Contact' }).click();
    await g.getByRole('alert').getByText('Contact info copied to clipboard!').waitFor();
    expect(await g.evaluate(() => navigator.clipboard.readText())).toBe('+1 555 0100');
    await expectAccessibleInBothThemes(g);

    // A household admin starts from the household: its name, a rent share and 'Shared house'.
    const h = host.page;
    const hErrors = watchPageErrors(h);
    await h.goto('/add-listing');
    await h.getByRole('button', { name: 'Prefill from my household' }).click();
    await expect
      .poll(() => h.getByLabel('Title').inputValue(), { timeout: 10_000 })
      .toBe('Room in Maple Court');
    expect(await h.getByLabel('Rent per month').inputValue()).toBe('900.00');
    expect(await h.getByLabel('Currency').inputValue()).toBe('USD');
    expect(await h.getByLabel('Housing type').inputValue()).toBe('shared_house');

    // The household home shows the listing board's corner: own activity and Find Roommates.
    await h.goto('/');
    await h.getByRole('heading', { name: 'Your Activity' }).waitFor();
    await h.getByRole('heading', { name: 'Find Roommates' }).waitFor();
    expect(
      await h
        .getByRole('region', { name: 'Find Roommates' })
        .getByRole('link', { name: 'View All' })
        .getAttribute('href'),
    ).toBe('/roommates');

    // A refused post keeps the form and says why (here the session ended in another tab).
    const fay = await person('Fay', { onboarded: true });
    const f = fay.page;
    const fErrors = watchPageErrors(f, [401]);
    await f.goto('/add-listing');
    await f.getByLabel('Title').fill('Attic room');
    await f.getByLabel('Rent per month').fill('450');
    await f.getByLabel('Street').fill('3 Oak Lane');
    await f.getByLabel('City').fill('Ogdenville');
    await f.getByLabel('Postcode').fill('49855');
    // Files that are not photos are refused by type and by content, and nothing is added.
    await f
      .getByLabel('Add photos')
      .setInputFiles([{ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a photo') }]);
    await f.getByRole('alert').getByText('Please select an image file').waitFor();
    await f
      .getByLabel('Add photos')
      .setInputFiles([
        { name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('not a photo either') },
      ]);
    await f.getByRole('alert').getByText('fake.png could not be read as a photo').waitFor();
    expect(await f.getByRole('button', { name: /^Remove photo/ }).count()).toBe(0);
    await f
      .getByLabel('Add photos')
      .setInputFiles([{ name: 'attic.png', mimeType: 'image/png', buffer: await photo(640, 480, 5, 'png') }]);
    await f.getByRole('button', { name: 'Remove photo 1' }).waitFor();
    expect((await fay.request.post('/api/logout')).status()).toBeLessThan(300);
    const [refused] = await Promise.all([
      f.waitForResponse(isListingWrite('POST')),
      f.getByRole('button', { name: 'Create Listing' }).click(),
    ]);
    expect(refused.status()).toBe(401);
    await f.getByRole('alert').getByText('Unable to create listing').waitFor();
    expect(f.url()).toBe(`${baseUrl}/add-listing`);
    expect(await f.getByLabel('Title').inputValue()).toBe('Attic room');
    expect(await f.getByRole('button', { name: 'Create Listing' }).isEnabled()).toBe(true);

    // The listing is removed again so that other tests see the board as they left it.
    expect((await host.request.delete(`/api/roommate-listings/${listing.id}`)).status()).toBe(204);
    gErrors.assertNone();
    hErrors.assertNone();
    fErrors.assertNone();
  });

  it('posts a room in Manchester in pounds; a reader in Germany sees the area and the rent in their format', async () => {
    const ola = await person('Ola', { onboarded: true, locale: 'en-GB' });
    const o = ola.page;
    const oErrors = watchPageErrors(o);
    const title = `Room off Piccadilly ${Date.now().toString(36)}`;
    await o.goto('/add-listing');
    await o.getByRole('heading', { name: 'New Listing' }).waitFor();
    // A browser in British English starts in the United Kingdom and in pounds.
    expect(await o.getByLabel('Country').inputValue()).toBe('GB');
    expect(await o.getByLabel('Currency').inputValue()).toBe('GBP');
    await o.getByLabel('Title').fill(title);
    await o.getByLabel('Rent per month').fill('850.5');
    await o.getByLabel('Postcode').fill('M1 4BT');
    await o.getByLabel('City').fill('Manchester');
    await o.getByLabel('Region').fill('Greater Manchester');
    await o.getByLabel('Street').fill('7 Dale Street');
    await o
      .getByLabel('Add photos')
      .setInputFiles([{ name: 'room.png', mimeType: 'image/png', buffer: await photo(640, 480, 7, 'png') }]);
    await o.getByRole('button', { name: 'Remove photo 1' }).waitFor();
    const [created] = await Promise.all([
      o.waitForResponse(isListingWrite('POST')),
      o.getByRole('button', { name: 'Create Listing' }).click(),
    ]);
    expect(created.status()).toBe(201);
    expect(created.request().postDataJSON()).toMatchObject({
      country: 'GB',
      currency: 'GBP',
      rent: '850.5',
      postcode: 'M1 4BT',
      street: '7 Dale Street',
      streetVisibility: 'hidden',
    });
    const listing = (await created.json()) as { id: string; rent: string };
    expect(listing.rent).toBe('850.50');
    await o.waitForURL(`${baseUrl}/roommates`);
    await card(o, title)
      .getByText('7 Dale Street, Manchester, Greater Manchester, M1 4BT, United Kingdom')
      .waitFor();
    await card(o, title).getByText('£850.50/month', { exact: true }).waitFor();

    // Another reader, with a German browser, filters by country and city (the screens speak German).
    const dora = await person('Dora', { locale: 'de-DE' });
    const d = dora.page;
    const dErrors = watchPageErrors(d);
    await d.goto('/roommates');
    await d.getByRole('button', { name: /^Filter/ }).click();
    const sheet = d.getByRole('dialog', { name: 'Filter' });
    await sheet.getByLabel('Land').selectOption('GB');
    await sheet.getByLabel('Stadt').fill('Manchester');
    await sheet.getByLabel('Währung der Miete').selectOption('GBP');
    await sheet.getByLabel('Miete bis').fill('900');
    await sheet.getByRole('button', { name: 'Ergebnisse anzeigen' }).click();
    await d.waitForURL(/country=GB&city=Manchester&currency=GBP&maxRent=900/);
    const found = card(d, title);
    // The area, never the street; the rent as German writes pounds.
    await found.getByText('Manchester, Greater Manchester, M1 4BT, Vereinigtes Königreich').waitFor();
    await found.getByText('850,50\u00a0£/Monat', { exact: true }).waitFor();
    expect(await found.getByText('Dale Street').count()).toBe(0);
    await found.getByRole('link', { name: title }).click();
    await d.waitForURL(`${baseUrl}/listings/${listing.id}`);
    await d.getByText('850,50\u00a0£', { exact: true }).waitFor();
    expect(await d.getByText('Dale Street').count()).toBe(0);
    const country = d.locator('dt', { hasText: 'Land' }).locator('xpath=following-sibling::dd[1]');
    expect(await country.textContent()).toBe('Vereinigtes Königreich');
    await expectAccessible(d);

    expect((await ola.request.delete(`/api/roommate-listings/${listing.id}`)).status()).toBe(204);
    oErrors.assertNone();
    dErrors.assertNone();
  });

  it('loads the next page as the reader scrolls', async () => {
    // Two sellers: one person keeps at most 20 active listings.
    const sellers = [await person('Pia'), await person('Quin')];
    const city = `Pageton ${Date.now().toString(36)}`;
    const tiny = await photo(64, 48, 30, 'jpeg');
    const posted: { id: string; seller: (typeof sellers)[number] }[] = [];
    try {
      // One more than a page (20).
      for (let i = 0; i < 21; i++) {
        const seller = sellers[i % 2]!;
        const listing = await postListing(seller.request, { title: `Page room ${i + 1}`, rent: 500, city }, [
          tiny,
        ]);
        posted.push({ id: listing.id, seller });
      }
      const reader = await person('Rex');
      const r = reader.page;
      const rErrors = watchPageErrors(r);
      await r.goto(`/roommates?city=${encodeURIComponent(city)}`);
      await r.getByTestId('listing-card').nth(19).waitFor();
      expect(await r.getByTestId('listing-card').count()).toBe(20);
      await r.getByRole('tab', { name: 'Browse (20+)' }).waitFor();
      // Without IntersectionObserver the button would do it; here scrolling to the end does.
      await r.getByRole('button', { name: 'Load more' }).waitFor();
      await r.getByTestId('listing-card').nth(19).scrollIntoViewIfNeeded();
      await r.getByRole('link', { name: 'Page room 1', exact: true }).waitFor();
      await r.getByRole('tab', { name: 'Browse (21)' }).waitFor();
      expect(await r.getByTestId('listing-card').count()).toBe(21);
      expect(await r.getByRole('button', { name: 'Load more' }).count()).toBe(0);
      rErrors.assertNone();
    } finally {
      for (const listing of posted) {
        expect((await listing.seller.request.delete(`/api/roommate-listings/${listing.id}`)).status()).toBe(
          204,
        );
      }
    }
  });

  it('keeps the Browse page’s first screen within 300 KB of images for 10 listings', async () => {
    const seller = await person('Sol');
    const city = `Budgetville ${Date.now().toString(36)}`;
    const photos = await Promise.all(Array.from({ length: 10 }, (_, i) => photo(1600, 1200, 10 + i, 'jpeg')));
    const posted = [];
    for (let i = 0; i < 10; i++) {
      posted.push(
        await postListing(
          seller.request,
          {
            title: `Budget room ${i + 1}`,
            description: 'A room for measuring how much the board downloads.',
            rent: 400 + i * 10,
            city,
            amenities: ['WiFi', 'Kitchen'],
          },
          [photos[i]!],
        ),
      );
    }
    const cardUrls = new Set(posted.flatMap((l) => l.cardImages));
    const fullUrls = new Set(posted.flatMap((l) => l.images));

    try {
      // A phone-sized screen (390 × 844), nothing scrolled.
      const viewer = await person('Vic');
      const v = viewer.page;
      const vErrors = watchPageErrors(v);
      const measured: Promise<{ url: string; bytes: number; type: string }>[] = [];
      v.on('requestfinished', (request) => {
        if (request.resourceType() !== 'image') return;
        measured.push(
          (async () => {
            const [sizes, response] = await Promise.all([request.sizes(), request.response()]);
            return {
              url: new URL(request.url()).pathname,
              bytes: sizes.responseBodySize + sizes.responseHeadersSize,
              type: (await response?.headerValue('content-type')) ?? '',
            };
          })(),
        );
      });
      await v.goto(`/roommates?city=${encodeURIComponent(city)}`);
      await v.getByTestId('listing-card').nth(9).waitFor();
      expect(await v.getByTestId('listing-card').count()).toBe(10);
      await v.waitForFunction(() => {
        const first = document.querySelector<HTMLImageElement>('[data-testid="listing-card"] img');
        return first?.complete && first.naturalWidth > 0;
      });
      // Whatever the browser starts on its own (lazy images near the viewport) finishes first.
      await v.waitForLoadState('networkidle');
      const images = await Promise.all(measured);
      const listingImages = images.filter((i) => i.url.startsWith('/api/images/'));
      const total = listingImages.reduce((sum, i) => sum + i.bytes, 0);
      const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
      console.info(
        `Browse first screen (390×844, 10 listings): ${listingImages.length} images, ${kb(total)} ` +
          `(${listingImages.map((i) => kb(i.bytes)).join(', ')}); budget ${kb(IMAGE_BUDGET_BYTES)}`,
      );
      expect(listingImages.length).toBeGreaterThan(0);
      // Card-size WebP only, never the 1600 px photos, and not all ten before scrolling.
      for (const image of listingImages) {
        expect(cardUrls.has(image.url), image.url).toBe(true);
        expect(fullUrls.has(image.url)).toBe(false);
        expect(image.type).toBe('image/webp');
      }
      expect(listingImages.length).toBeLessThan(10);
      expect(total).toBeLessThanOrEqual(IMAGE_BUDGET_BYTES);
      const cardImage = await sharp(
        Buffer.from(await (await viewer.request.get(listingImages[0]!.url)).body()),
      ).metadata();
      expect(Math.max(cardImage.width ?? 0, cardImage.height ?? 0)).toBe(640);
      // The first card's photo loads at once; the ones below the fold wait.
      const loading = await v
        .locator('[data-testid="listing-card"] img')
        .evaluateAll((imgs) => imgs.map((img) => img.getAttribute('loading')));
      expect(loading).toEqual(['eager', ...Array.from({ length: 9 }, () => 'lazy')]);
      vErrors.assertNone();
    } finally {
      for (const listing of posted) {
        expect((await seller.request.delete(`/api/roommate-listings/${listing.id}`)).status()).toBe(204);
      }
    }
  });
});
