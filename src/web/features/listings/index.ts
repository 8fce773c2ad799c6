// What the rest of the app may import from this feature (docs/client.md, Features).

export { listingQueryKey } from './api/get-listing.ts';
export { listingsQueryKey } from './api/get-listings.ts';
export { HomeFindRoommates, NoHouseholdListings } from './components/home-listings.tsx';
