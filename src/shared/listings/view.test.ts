import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readCatalog } from '../../../scripts/i18n.ts';
import type { ListingView } from './api.ts';
import { activeFilters, browseQuery, EMPTY_FILTERS, filterCount } from './browse-filters.ts';
import {
  AMENITIES,
  areaLabel,
  availableLabel,
  contactIsEmail,
  createListingSchema,
  formatListingAmount,
  HOUSING_TYPES,
  LIFESTYLE_PREFERENCES,
  listingDate,
  listingFormComplete,
  listingSchemas,
  postcodeKey,
  ROOM_TYPES,
  updateListingSchema,
} from './schemas.ts';
import {
  AMENITY_LABELS,
  amenitiesPreview,
  carouselIndex,
  defaultListingForm,
  filtersFromParams,
  fitWithin,
  HOUSING_TYPE_LABELS,
  hostName,
  LIFESTYLE_LABELS,
  listingCreateInput,
  listingFormFromListing,
  listingUpdateInput,
  localIsoDate,
  placeLabel,
  ROOM_TYPE_LABELS,
  rentRangeError,
  toggleIn,
} from './view.ts';

const PHOTO = 'data:image/jpeg;base64,/9j/4AAQ';

const listing: ListingView = {
  id: 'l1',
  title: 'Sunny room near campus',
  description: null,
  rent: '750.00',
  utilities: null,
  currency: 'USD',
  country: 'US',
  postcode: null,
  city: 'Springfield',
  region: 'IL',
  street: '12 Elm Street',
  streetVisibility: 'hidden',
  location: '12 Elm Street',
  state: 'IL',
  zipCode: null,
  university: null,
  distanceToCampus: null,
  availableFrom: '2026-03-05',
  availableTo: null,
  roomType: 'private',
  housingType: 'shared_house',
  genderPreference: 'any',
  studentYear: 'graduate',
  studyHabits: 'quiet',
  socialPreferences: 'balanced',
  lifestylePreferences: ['no_smoking'],
  amenities: ['WiFi', 'Laundry'],
  images: ['/api/images/a'],
  cardImages: ['/api/images/b'],
  featured: false,
  status: 'active',
  contactInfo: 'ada@example.com',
  createdBy: 'u1',
  creator: { firstName: 'Ada', lastName: 'Lovelace', profileColor: 'blue', profileImageUrl: null },
  createdAt: '2026-03-01T10:00:00.000Z',
};

describe('labels', () => {
  it('has human words for every room type, housing type, lifestyle preference and amenity', () => {
    const english = readCatalog('en', 'listings');
    const word = (id: string) => english.get(id);
    for (const t of ROOM_TYPES) expect(word(ROOM_TYPE_LABELS[t])).toMatch(/^[A-Z][a-z -]+$/);
    for (const t of HOUSING_TYPES) expect(word(HOUSING_TYPE_LABELS[t])).toMatch(/^[A-Z][a-z -]+$/);
    for (const t of LIFESTYLE_PREFERENCES) expect(word(LIFESTYLE_LABELS[t])).toMatch(/^[A-Z][a-z -]+$/);
    // Amenities are stored by their English names, which their messages say.
    for (const a of AMENITIES) expect(word(AMENITY_LABELS[a])).toBe(a);
    expect(word(ROOM_TYPE_LABELS.private)).toBe('Private room');
    expect(word(HOUSING_TYPE_LABELS.shared_house)).toBe('Shared house');
  });

  it('names the host by display name, or Host without one', () => {
    expect(hostName(listing.creator)).toBe('Ada L.');
    expect(hostName({ ...listing.creator!, lastName: '' })).toBe('Ada');
    expect(hostName({ ...listing.creator!, firstName: ' ', lastName: '' })).toBe('Host');
    expect(hostName(null)).toBe('Host');
  });

  it('shows the first three amenities and how many more', () => {
    expect(amenitiesPreview(['a', 'b'])).toEqual({ shown: ['a', 'b'], more: 0 });
    expect(amenitiesPreview(AMENITIES)).toEqual({ shown: ['WiFi', 'Laundry', 'Kitchen'], more: 7 });
  });

  it('shows the area, with the street before it when the answer carries one', () => {
    expect(placeLabel(listing, 'en-US')).toBe('12 Elm Street, Springfield, IL, United States');
    expect(placeLabel({ ...listing, street: null }, 'en-US')).toBe('Springfield, IL, United States');
    const manchester = { city: 'Manchester', region: null, postcode: 'M1 4BT', country: 'GB' };
    expect(areaLabel(manchester, 'en-GB')).toBe('Manchester, M1 4BT, United Kingdom');
    expect(areaLabel(manchester, 'de-DE')).toBe('Manchester, M1 4BT, Vereinigtes Königreich');
  });

  it('compares postcodes without case, spaces or dashes', () => {
    expect(postcodeKey(' sw1a 1aa ')).toBe('SW1A1AA');
    expect(postcodeKey('1234-567')).toBe('1234567');
  });

  it("formats rent in its currency and the viewer's language, the available date and decides how to contact", () => {
    expect(formatListingAmount('1200.00', 'USD', 'en-US')).toBe('$1,200.00');
    expect(formatListingAmount('85000', 'JPY', 'en-US')).toBe('¥85,000');
    expect(formatListingAmount('850.50', 'GBP', 'en-GB')).toBe('£850.50');
    expect(formatListingAmount('850.50', 'EUR', 'de-DE')).toBe('850,50\u00a0€');
    expect(formatListingAmount('350.500', 'KWD', 'en-US')).toBe('KWD\u00a0350.500');
    expect(availableLabel('2026-03-05')).toBe('Available Mar 5, 2026');
    expect(listingDate('2026-03-05', 'de-DE')).toBe('5. März 2026');
    expect(contactIsEmail('ada@example.com')).toBe(true);
    expect(contactIsEmail('+1 555 0100')).toBe(false);
    expect(contactIsEmail(null)).toBe(false);
  });
});

describe('browse filters', () => {
  it('reads filters from the address and drops what the API would refuse', () => {
    const filters = filtersFromParams(
      new URLSearchParams(
        'q=%20quiet%20&country=gb&city=Springfield&currency=GBP&maxRent=800.50&minRent=abc&roomType=castle&housingType=condo&availableBy=2026-05-01',
      ),
    );
    expect(filters).toEqual({
      ...EMPTY_FILTERS,
      q: 'quiet',
      country: 'GB',
      city: 'Springfield',
      currency: 'GBP',
      maxRent: '800.50',
      housingType: 'condo',
      availableBy: '2026-05-01',
    });
    expect(filtersFromParams(new URLSearchParams('availableBy=soon'))).toEqual(EMPTY_FILTERS);
    // A currency means something only with a range; an unknown country or currency is dropped.
    expect(filtersFromParams(new URLSearchParams('currency=EUR&country=XX'))).toEqual(EMPTY_FILTERS);
    expect(filtersFromParams(new URLSearchParams('currency=EURO&minRent=1')).currency).toBe('');
  });

  it('builds the API query from the set filters only, with the cursor', () => {
    const filters = { ...EMPTY_FILTERS, city: ' Springfield ', maxRent: '800' };
    expect(activeFilters(filters)).toEqual({ city: 'Springfield', maxRent: '800' });
    expect(browseQuery(filters)).toBe('city=Springfield&maxRent=800');
    expect(browseQuery(filters, 'abc')).toBe('city=Springfield&maxRent=800&cursor=abc');
    expect(browseQuery(EMPTY_FILTERS)).toBe('');
  });

  it('counts the filters besides the search text', () => {
    expect(filterCount(EMPTY_FILTERS)).toBe(0);
    expect(
      filterCount({ ...EMPTY_FILTERS, q: 'quiet', roomType: 'studio', minRent: '100', currency: 'EUR' }),
    ).toBe(2);
    expect(filterCount({ ...EMPTY_FILTERS, country: 'DE', postcode: '10' })).toBe(2);
  });

  it('round-trips any filters through the address', () => {
    const text = fc.string({ maxLength: 20 }).map((s) => s.trim());
    const amount = fc.oneof(fc.nat({ max: 5000 }).map(String), fc.constant('850.50'), fc.constant('0.125'));
    fc.assert(
      fc.property(
        fc.record({
          q: text,
          country: fc.constantFrom('', 'US', 'GB', 'JP'),
          city: text,
          postcode: text,
          currency: fc.constantFrom('USD', 'EUR', 'KWD'),
          minRent: fc.oneof(fc.constant(''), amount),
          maxRent: fc.oneof(fc.constant(''), amount),
          roomType: fc.constantFrom('' as const, ...ROOM_TYPES),
          housingType: fc.constantFrom('' as const, ...HOUSING_TYPES),
          availableBy: fc.constantFrom('', '2026-01-31'),
        }),
        (generated) => {
          // The currency travels with a rent range only.
          const filters = {
            ...generated,
            currency: generated.minRent || generated.maxRent ? generated.currency : '',
          };
          expect(filtersFromParams(new URLSearchParams(browseQuery(filters)))).toEqual(filters);
        },
      ),
    );
  });

  it('refuses a rent range the wrong way round', () => {
    const usd = { currency: 'USD' };
    expect(rentRangeError({ ...usd, minRent: '', maxRent: '' })).toBeNull();
    expect(rentRangeError({ ...usd, minRent: '500', maxRent: '500' })).toBeNull();
    expect(rentRangeError({ ...usd, minRent: '900', maxRent: '500' })).toEqual({
      id: 'listings.filters.rangeOrder',
    });
    expect(rentRangeError({ ...usd, minRent: '99.5', maxRent: '100' })).toBeNull();
    expect(rentRangeError({ ...usd, minRent: '5.555', maxRent: '' })).toEqual({
      id: 'listings.filters.rangeDecimals',
      values: { currency: 'USD', decimals: 2 },
    });
    expect(rentRangeError({ currency: 'JPY', minRent: '5.5', maxRent: '' })).toEqual({
      id: 'listings.filters.rangeWhole',
      values: { currency: 'JPY' },
    });
    expect(rentRangeError({ currency: '', minRent: '5', maxRent: '' })).toEqual({
      id: 'listings.filters.rangeCurrency',
    });
  });
});

describe('create form', () => {
  const filled = () => ({
    ...defaultListingForm('ada@example.com', '2026-03-05', { country: 'US', currency: 'USD' }),
    title: ' Sunny room ',
    rent: '750',
    street: '12 Elm Street',
    postcode: '62701',
    city: 'Springfield',
  });

  it('starts from the defaults', () => {
    const form = defaultListingForm('ada@example.com', '2026-03-05');
    expect(form).toMatchObject({
      availableFrom: '2026-03-05',
      availableTo: '',
      roomType: 'private',
      housingType: 'apartment',
      genderPreference: 'any',
      studentYear: 'any',
      studyHabits: 'flexible',
      socialPreferences: 'balanced',
      lifestylePreferences: [],
      amenities: [],
      contactInfo: 'ada@example.com',
      streetVisibility: 'hidden',
      country: '',
      currency: 'USD',
    });
  });

  it('enables the button only with every required field and a photo', () => {
    const complete = (form: ReturnType<typeof filled>, photos: number) =>
      listingFormComplete({ ...form, photos });
    expect(complete(filled(), 1)).toBe(true);
    expect(complete(filled(), 0)).toBe(false);
    for (const field of [
      'title',
      'rent',
      'country',
      'postcode',
      'city',
      'availableFrom',
      'contactInfo',
    ] as const) {
      expect(complete({ ...filled(), [field]: '  ' }, 1)).toBe(false);
    }
    // The street is optional; so is the postcode where there are none (Hong Kong).
    expect(complete({ ...filled(), street: '' }, 1)).toBe(true);
    expect(complete({ ...filled(), country: 'HK', postcode: '' }, 1)).toBe(true);
  });

  it('sends the amounts as typed and empty optional fields as null', () => {
    const input = listingCreateInput({ ...filled(), utilities: '', region: ' ' }, [PHOTO]);
    expect(input).toMatchObject({
      title: 'Sunny room',
      rent: '750',
      currency: 'USD',
      country: 'US',
      utilities: null,
      region: null,
      street: '12 Elm Street',
      streetVisibility: 'hidden',
      availableTo: null,
      images: [PHOTO],
    });
    const parsed = createListingSchema.parse(input);
    expect(parsed.rent).toBe(75000);
    expect(parsed.roomType).toBe('private');
  });

  it('reads amounts in the currency, with its number of decimals', () => {
    const parse = (currency: string, rent: string) =>
      listingSchemas(currency).create.safeParse(listingCreateInput({ ...filled(), currency, rent }, [PHOTO]));
    expect(parse('JPY', '85000').data?.rent).toBe(85000);
    expect(parse('KWD', '350.500').data?.rent).toBe(350500);
    expect(parse('GBP', '850.5').data?.rent).toBe(85050);
    for (const [currency, rent] of [
      ['JPY', '850.5'],
      ['USD', '12.555'],
      ['USD', '-1'],
      ['USD', '$800'],
      ['USD', '1000000.01'],
    ] as const) {
      const result = parse(currency, rent);
      expect(result.success, `${rent} ${currency}`).toBe(false);
      expect(result.error?.issues[0]?.path).toEqual(['rent']);
    }
  });

  it('takes the first names of street, region and postcode from older clients, the new ones first', () => {
    const old = { title: 'Room', rent: 800, country: 'us', city: 'Springfield', images: [PHOTO] };
    expect(
      createListingSchema.parse({ ...old, location: '1 Elm St', state: 'IL', zipCode: '62701' }),
    ).toMatchObject({ country: 'US', street: '1 Elm St', region: 'IL', postcode: '62701' });
    expect(
      createListingSchema.parse({ ...old, street: '2 Oak St', location: '1 Elm St', postcode: '62702' }),
    ).toMatchObject({ street: '2 Oak St', postcode: '62702' });
    expect(createListingSchema.safeParse({ ...old, country: 'XX', postcode: '1' }).success).toBe(false);
    expect(createListingSchema.safeParse(old).error?.issues[0]?.path).toEqual(['postcode']);
  });

  it('edits a listing with a body the update schema takes', () => {
    const form = listingFormFromListing(listing);
    expect(form.rent).toBe('750.00');
    expect(form.utilities).toBe('');
    expect(form.street).toBe('12 Elm Street');
    const body = listingUpdateInput({ ...form, rent: '800', description: 'Bright' });
    expect(updateListingSchema.parse(body)).toMatchObject({
      rent: 80000,
      description: 'Bright',
      utilities: null,
      region: 'IL',
    });
  });

  it('keeps checkbox lists in the order of their options', () => {
    expect(toggleIn(AMENITIES, ['Gym'], 'WiFi')).toEqual(['WiFi', 'Gym']);
    expect(toggleIn(AMENITIES, ['WiFi', 'Gym'], 'WiFi')).toEqual(['Gym']);
  });

  it('writes a local date as YYYY-MM-DD', () => {
    expect(localIsoDate(new Date(2026, 0, 9, 23, 30))).toBe('2026-01-09');
  });
});

describe('photos and carousel', () => {
  it('fits a photo within the longest side without enlarging it', () => {
    expect(fitWithin(4000, 3000, 1600)).toEqual({ width: 1600, height: 1200 });
    expect(fitWithin(1000, 3000, 1600)).toEqual({ width: 533, height: 1600 });
    expect(fitWithin(800, 600, 1600)).toEqual({ width: 800, height: 600 });
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 20000 }), fc.integer({ min: 1, max: 20000 }), (w, h) => {
        const fitted = fitWithin(w, h, 1600);
        expect(Math.max(fitted.width, fitted.height)).toBeLessThanOrEqual(1600);
        expect(fitted.width).toBeGreaterThanOrEqual(1);
        expect(fitted.height).toBeGreaterThanOrEqual(1);
      }),
    );
  });

  it('wraps at both ends of the carousel', () => {
    expect(carouselIndex(0, 1, 2)).toBe(1);
    expect(carouselIndex(1, 1, 2)).toBe(0);
    expect(carouselIndex(0, -1, 5)).toBe(4);
    expect(carouselIndex(0, 1, 0)).toBe(0);
  });
});
