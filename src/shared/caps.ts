// How many of each thing a household or a person can keep, set far above real use so that no
// one can grow a list until reading or fanning out over it becomes the server's whole job.
// A create past a cap answers 409 with the sentence below and changes nothing.

export const CAPS = {
  eventsPerHousehold: {
    max: 5_000,
    message: 'A household can keep at most 5,000 calendar events; delete some past ones first',
  },
  recurringEventsPerHousehold: {
    max: 100,
    message: 'A household can keep at most 100 repeating events; delete or end some first',
  },
  skippedOccurrencesPerEvent: {
    max: 1_000,
    message: 'A repeating event can skip at most 1,000 of its dates; change or delete the series instead',
  },
  openChoresPerHousehold: {
    max: 200,
    message: 'A household can have at most 200 open chores; finish or delete some first',
  },
  /** Saving one more forgets the oldest instead of refusing: a new phone must always work. */
  pushDevicesPerUser: { max: 20 },
  activeListingsPerUser: {
    max: 20,
    message: 'You can have at most 20 active listings; close one first',
  },
} as const;
