// Listings' constants and display rules, with no validation code: the screens that only show
// listings load these and not Zod. The schemas are in listings.ts.

export const ROOM_TYPES = ['private', 'shared', 'studio'] as const;
export const HOUSING_TYPES = ['apartment', 'house', 'condo', 'townhouse', 'dorm', 'shared_house'] as const;
export const GENDER_PREFERENCES = ['any', 'male', 'female', 'non_binary'] as const;
export const STUDENT_YEARS = ['any', 'freshman', 'sophomore', 'junior', 'senior', 'graduate'] as const;
export const STUDY_HABITS = ['flexible', 'quiet', 'moderate', 'social'] as const;
export const SOCIAL_PREFERENCES = ['balanced', 'introverted', 'extroverted', 'flexible'] as const;
export const LIFESTYLE_PREFERENCES = [
  'no_smoking',
  'pet_friendly',
  'vegetarian',
  'clean',
  'quiet',
  'social',
] as const;
export const AMENITIES = [
  'WiFi',
  'Laundry',
  'Kitchen',
  'Parking',
  'Gym',
  'Pool',
  'Near Campus',
  'Public Transport',
  'Furnished',
  'Balcony',
] as const;
export const MAX_LISTING_PHOTOS = 10;
export const LISTINGS_PAGE_SIZE = 20;

/** The create form's button stays disabled until these are there (docs/listings.md, The listing form). */
export function listingFormComplete(form: {
  title: string;
  rent: string;
  location: string;
  city: string;
  availableFrom: string;
  contactInfo: string;
  photos: number;
}): boolean {
  return (
    [form.title, form.rent, form.location, form.city, form.availableFrom, form.contactInfo].every(
      (v) => v.trim() !== '',
    ) && form.photos > 0
  );
}

/** Contact is e-mail when it contains '@' (docs/listings.md, Contact). */
export function contactIsEmail(contact: string | null | undefined): boolean {
  return Boolean(contact?.includes('@'));
}

/** 'Available Mar 5, 2026' from YYYY-MM-DD, independent of the viewer's time zone. */
export function availableLabel(isoDate: string): string {
  const [y, m, d] = isoDate.split('-').map(Number) as [number, number, number];
  const month = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'][m - 1];
  return `Available ${month} ${d}, ${y}`;
}

/** Rent in USD with no decimals (docs/listings.md, Showing a listing): '$1,200'. */
export function formatListingRent(dollarsAmount: number): string {
  return `$${Math.round(dollarsAmount).toLocaleString('en-US')}`;
}
