// How many of each thing a household or a person can keep, set far above real use so that no
// one can grow a list until reading or fanning out over it becomes the server's whole job.
// A create past a cap answers 409 with its code's sentence (src/shared/api-errors.ts, the cap
// filling {max}) and changes nothing.

export const CAPS = {
  eventsPerHousehold: { max: 5_000, code: 'cap.events_per_household' },
  recurringEventsPerHousehold: { max: 100, code: 'cap.recurring_events_per_household' },
  skippedOccurrencesPerEvent: { max: 1_000, code: 'cap.skipped_occurrences_per_event' },
  openChoresPerHousehold: { max: 200, code: 'cap.open_chores_per_household' },
  /** Saving one more forgets the oldest instead of refusing: a new phone must always work. */
  pushDevicesPerUser: { max: 20 },
  activeListingsPerUser: { max: 20, code: 'cap.active_listings_per_user' },
} as const;
