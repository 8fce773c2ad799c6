/**
 * The browse filters of listings as the API's query string takes them, apart from their checks
 * (view.ts): the home screens ask for listings with these, and load no country list for it.
 */
import type { HousingType, RoomType } from './view.ts';

export interface ListingFilters {
  q: string;
  country: string;
  city: string;
  postcode: string;
  /** The currency of the rent range (only sent with one). */
  currency: string;
  minRent: string;
  maxRent: string;
  roomType: RoomType | '';
  housingType: HousingType | '';
  availableBy: string;
}

export const EMPTY_FILTERS: ListingFilters = {
  q: '',
  country: '',
  city: '',
  postcode: '',
  currency: '',
  minRent: '',
  maxRent: '',
  roomType: '',
  housingType: '',
  availableBy: '',
};

const FILTER_KEYS = Object.keys(EMPTY_FILTERS) as (keyof ListingFilters)[];

/** The filters that are set, trimmed, in a fixed order (also the query key of a browse query). */
export function activeFilters(filters: ListingFilters): Partial<Record<keyof ListingFilters, string>> {
  const out: Partial<Record<keyof ListingFilters, string>> = {};
  for (const key of FILTER_KEYS) {
    const value = filters[key].trim();
    if (value !== '') out[key] = value;
  }
  return out;
}

/** How many filters besides the search text are set (the filter button's badge; a range's currency is part of it). */
export function filterCount(filters: ListingFilters): number {
  return Object.keys(activeFilters(filters)).filter((key) => key !== 'q' && key !== 'currency').length;
}

/** The GET /api/roommate-listings query string for a page of these filters. */
export function browseQuery(filters: ListingFilters, cursor?: string | null): string {
  const params = new URLSearchParams(activeFilters(filters));
  if (cursor) params.set('cursor', cursor);
  return params.toString();
}
