import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ListingView } from './api.ts';
import {
  AMENITIES,
  availableLabel,
  contactIsEmail,
  createListingSchema,
  formatListingRent,
  HOUSING_TYPES,
  LIFESTYLE_PREFERENCES,
  listingFormComplete,
  ROOM_TYPES,
  updateListingSchema,
} from './schemas.ts';
import {
  activeFilters,
  amenitiesPreview,
  browseQuery,
  carouselIndex,
  defaultListingForm,
  EMPTY_FILTERS,
  filterCount,
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
  rent: 750,
  utilities: null,
  location: '12 Elm Street',
  city: 'Springfield',
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
  it('has human words for every room type, housing type and lifestyle preference', () => {
    for (const t of ROOM_TYPES) expect(ROOM_TYPE_LABELS[t]).toMatch(/^[A-Z][a-z -]+$/);
    for (const t of HOUSING_TYPES) expect(HOUSING_TYPE_LABELS[t]).toMatch(/^[A-Z][a-z -]+$/);
    for (const t of LIFESTYLE_PREFERENCES) expect(LIFESTYLE_LABELS[t]).toMatch(/^[A-Z][a-z -]+$/);
    expect(ROOM_TYPE_LABELS.private).toBe('Private room');
    expect(HOUSING_TYPE_LABELS.shared_house).toBe('Shared house');
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

  it('joins the street address and the city', () => {
    expect(placeLabel(listing)).toBe('12 Elm Street, Springfield');
    expect(placeLabel({ ...listing, location: ' ' })).toBe('Springfield');
  });

  it('formats rent, the available date and decides how to contact', () => {
    expect(formatListingRent(1200)).toBe('$1,200');
    expect(formatListingRent(750)).toBe('$750');
    expect(availableLabel('2026-03-05')).toBe('Available Mar 5, 2026');
    expect(contactIsEmail('ada@example.com')).toBe(true);
    expect(contactIsEmail('+1 555 0100')).toBe(false);
    expect(contactIsEmail(null)).toBe(false);
  });
});

describe('browse filters', () => {
  it('reads filters from the address and drops what the API would refuse', () => {
    const filters = filtersFromParams(
      new URLSearchParams(
        'q=%20quiet%20&city=Springfield&maxRent=800&minRent=abc&roomType=castle&housingType=condo&availableBy=2026-05-01',
      ),
    );
    expect(filters).toEqual({
      ...EMPTY_FILTERS,
      q: 'quiet',
      city: 'Springfield',
      maxRent: '800',
      housingType: 'condo',
      availableBy: '2026-05-01',
    });
    expect(filtersFromParams(new URLSearchParams('availableBy=soon'))).toEqual(EMPTY_FILTERS);
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
    expect(filterCount({ ...EMPTY_FILTERS, q: 'quiet', roomType: 'studio', minRent: '100' })).toBe(2);
  });

  it('round-trips any filters through the address', () => {
    const text = fc.string({ maxLength: 20 }).map((s) => s.trim());
    const whole = fc.nat({ max: 5000 }).map(String);
    fc.assert(
      fc.property(
        fc.record({
          q: text,
          city: text,
          minRent: fc.oneof(fc.constant(''), whole),
          maxRent: fc.oneof(fc.constant(''), whole),
          roomType: fc.constantFrom('' as const, ...ROOM_TYPES),
          housingType: fc.constantFrom('' as const, ...HOUSING_TYPES),
          availableBy: fc.constantFrom('', '2026-01-31'),
        }),
        (filters) => {
          expect(filtersFromParams(new URLSearchParams(browseQuery(filters)))).toEqual(filters);
        },
      ),
    );
  });

  it('refuses a rent range the wrong way round', () => {
    expect(rentRangeError({ minRent: '', maxRent: '' })).toBeNull();
    expect(rentRangeError({ minRent: '500', maxRent: '500' })).toBeNull();
    expect(rentRangeError({ minRent: '900', maxRent: '500' })).toBe(
      'Minimum rent must not be above maximum rent',
    );
    expect(rentRangeError({ minRent: '5.5', maxRent: '' })).toBe('Rent must be whole dollars');
  });
});

describe('create form', () => {
  const filled = () => ({
    ...defaultListingForm('ada@example.com', '2026-03-05'),
    title: ' Sunny room ',
    rent: '750',
    location: '12 Elm Street',
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
    });
  });

  it('enables the button only with every required field and a photo', () => {
    const complete = (form: ReturnType<typeof filled>, photos: number) =>
      listingFormComplete({ ...form, photos });
    expect(complete(filled(), 1)).toBe(true);
    expect(complete(filled(), 0)).toBe(false);
    for (const field of ['title', 'rent', 'location', 'city', 'availableFrom', 'contactInfo'] as const) {
      expect(complete({ ...filled(), [field]: '  ' }, 1)).toBe(false);
    }
  });

  it('sends whole dollars as numbers and empty optional fields as null', () => {
    const input = listingCreateInput({ ...filled(), utilities: '', state: ' ' }, [PHOTO]);
    expect(input).toMatchObject({
      title: 'Sunny room',
      rent: 750,
      utilities: null,
      state: null,
      availableTo: null,
      images: [PHOTO],
    });
    const parsed = createListingSchema.parse(input);
    expect(parsed.rent).toBe(750);
    expect(parsed.roomType).toBe('private');
  });

  it('lets the schema name a rent that is not whole dollars', () => {
    const result = createListingSchema.safeParse(listingCreateInput({ ...filled(), rent: '12.5' }, [PHOTO]));
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['rent']);
  });

  it('reads a $ sign and utilities as dollars', () => {
    expect(listingCreateInput({ ...filled(), rent: '$ 800', utilities: '60' }, [])).toMatchObject({
      rent: 800,
      utilities: 60,
    });
  });

  it('edits a listing with a body the update schema takes', () => {
    const form = listingFormFromListing(listing);
    expect(form.rent).toBe('750');
    expect(form.utilities).toBe('');
    const body = listingUpdateInput({ ...form, rent: '800', description: 'Bright' });
    expect(updateListingSchema.parse(body)).toMatchObject({
      rent: 800,
      description: 'Bright',
      utilities: null,
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
