// What the rest of the app may import from this feature (docs/client.md, Features).
export { HomeFindRoommates, NoHouseholdListings } from './components/home-listings.tsx';
