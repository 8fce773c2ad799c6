import {
  type DehydratedState,
  hydrate,
  type Mutation,
  onlineManager,
  type QueryClient,
} from '@tanstack/react-query';
import { clear, createStore, delMany, entries, get, set, type UseStore } from 'idb-keyval';
import type { CurrentUser } from '#shared/accounts/api.ts';
import { cachedUserId, userQueryKey } from '../features/auth/index.ts';
import {
  keepChatOutbox,
  type SendVariables,
  sendMessageMutationKey,
  showOutbox,
} from '../features/messages/index.ts';
import { OFFLINE_DATABASE } from './forget.ts';

/**
 * The signed-in member's last-known answers and chat outbox, kept in IndexedDB (decision 0040):
 * offline, every screen opens with what it last showed, and messages written offline are sent
 * when the browser is back online, even after a reload.
 */

// The database's one store holds a record per answer, beside the owner and the outbox.
const OWNER = 'owner';
const OUTBOX = 'outbox';
const ANSWER = 'answer:';
const INDEX = 'index';
/** Raised when the shape of a kept answer changes: a copy kept by an older app is then dropped. */
const FORMAT = 2;
/** An answer older than this is not shown: offline for two weeks, the household has moved on. */
const KEEP_MS = 14 * 24 * 60 * 60 * 1000;
/** The most answers kept: enough for every screen and a few of each kind of detail. */
const KEEP_ANSWERS = 200;
/** How long a batch of writes waits for the page to be idle (after loading, it is busy). */
const IDLE_WAIT_MS = 5000;

type KeptQuery = DehydratedState['queries'][number];
type KeptMutation = DehydratedState['mutations'][number];

interface Owner {
  format: number;
  userId: string;
}

let store: UseStore | undefined;
const openStore = () => {
  store ??= createStore(OFFLINE_DATABASE, 'answers');
  return store;
};

const isChatSend = (mutation: Pick<Mutation, 'options'>) =>
  mutation.options.mutationKey?.[0] === sendMessageMutationKey[0];

/** IndexedDB can be missing or refuse (private windows, full disks): the app then keeps nothing. */
async function quietly<T>(work: () => Promise<T>): Promise<T | undefined> {
  try {
    return await work();
  } catch {
    return undefined;
  }
}

/** Runs `work` when the page is idle: writing a large answer copies it, on the page's thread. */
function whenIdle(work: () => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(work, { timeout: IDLE_WAIT_MS });
  else setTimeout(work, 0);
}

/** Whether the store is this member's, in this format; another member's is emptied. */
async function ownedBy(userId: string | null): Promise<boolean> {
  const owner = await quietly(() => get<Owner>(OWNER, openStore()));
  if (owner?.format === FORMAT && owner.userId === userId) return true;
  if (owner) await quietly(() => clear(openStore()));
  return false;
}

/**
 * Puts the kept copy into the cache: the answers when asked (offline), and at start the chat
 * outbox, with the chat showing exactly its messages as on their way. (Later, the cache's own
 * sends are the outbox: a failed message waiting for Retry stays.) An answer the cache already
 * holds in a newer copy stays as it is.
 */
async function restore(
  queryClient: QueryClient,
  { answers, outbox }: { answers: boolean; outbox: boolean },
): Promise<void> {
  if (!(await ownedBy(cachedUserId()))) return;
  const sends = outbox ? ((await quietly(() => get<KeptMutation[]>(OUTBOX, openStore()))) ?? []) : [];
  let queries: KeptQuery[] = [];
  if (answers) {
    const kept = (await quietly(() => entries<string, KeptQuery>(openStore()))) ?? [];
    const since = Date.now() - KEEP_MS;
    queries = kept
      .filter(([key, query]) => key.startsWith(ANSWER) && query.state.dataUpdatedAt > since)
      .map(([, query]) => query);
  }
  hydrate(queryClient, { queries, mutations: sends });
  if (outbox) {
    showOutbox(
      queryClient,
      sends.map((send) => send.state.variables as SendVariables),
    );
  }
}

/** The chat sends still to go, as `hydrate` reads them, paused until the browser is online. */
function outboxOf(queryClient: QueryClient): KeptMutation[] {
  // A send under way when the page closed may or may not have arrived: it goes again, and the
  // server keeps one copy (its clientId).
  return queryClient
    .getMutationCache()
    .getAll()
    .filter((mutation) => isChatSend(mutation) && mutation.state.status === 'pending')
    .map((mutation) => ({
      mutationKey: mutation.options.mutationKey,
      scope: mutation.options.scope,
      state: { ...mutation.state, isPaused: true },
    }));
}

/** Set once the member signs out here (or their session ends): nothing more is written. */
let signedOut = false;

/** Signing out clears the cache, and a 401 answers the user check with null: nothing stays. */
function forgetOnSignOut(queryClient: QueryClient): void {
  queryClient.getQueryCache().subscribe((event) => {
    if (signedOut || event.query.queryKey[0] !== userQueryKey[0]) return;
    if (event.type === 'removed' || (event.type === 'updated' && event.query.state.data === null)) {
      signedOut = true;
      void quietly(() => clear(openStore()));
    }
  });
}

/**
 * Starts keeping the member's answers and outbox, after putting back what was kept: the answers
 * only when the browser is offline (online, the screens ask the server as usual), the outbox
 * always, and it is sent at once when the browser is online. `later`: once the page is idle,
 * since online none of it is needed to show the first screen.
 */
export async function startOffline(queryClient: QueryClient, later: boolean): Promise<void> {
  keepChatOutbox(queryClient);
  forgetOnSignOut(queryClient);
  if (later) await new Promise<void>((resolve) => whenIdle(resolve));
  await restore(queryClient, { answers: !onlineManager.isOnline(), outbox: true });
  if (onlineManager.isOnline()) void queryClient.resumePausedMutations();
  keepSaved(queryClient);
  // Offline in the middle of a visit: screens not opened yet in this page open with their copy.
  onlineManager.subscribe((online) => {
    if (!online) void restore(queryClient, { answers: true, outbox: false });
  });
}

/**
 * Writes each answer that changed, one per idle moment (a page load holds only the screens it
 * opened, so each answer is its own record and the others stay), and the outbox at once: a
 * reload a moment after sending must not lose the message. The most recent answers are kept.
 */
function keepSaved(queryClient: QueryClient): void {
  const changed = new Set<string>();
  let scheduled = false;
  let owner: string | null = null;
  /** Each kept answer's time, by its hash (the record INDEX): which to drop when there are too many. */
  let index: Map<string, number> | undefined;
  const userId = () => queryClient.getQueryData<CurrentUser | null>(userQueryKey)?.id ?? null;
  const claim = async (id: string) => {
    if (owner === id || signedOut) return;
    owner = id;
    if (!(await ownedBy(id)))
      await quietly(() => set(OWNER, { format: FORMAT, userId: id } satisfies Owner, openStore()));
  };

  const writeOne = async (hash: string) => {
    const query = queryClient.getQueryCache().get(hash);
    if (query?.state.status !== 'success' || query.state.data === undefined) return;
    const state = {
      ...query.state,
      fetchStatus: 'idle' as const,
      fetchFailureCount: 0,
      fetchFailureReason: null,
    };
    const kept: KeptQuery = { queryHash: hash, queryKey: query.queryKey, state, dehydratedAt: Date.now() };
    // Signed out meanwhile: nothing more is written.
    if (signedOut) return;
    await quietly(() => set(`${ANSWER}${hash}`, kept, openStore()));
    await noteWritten(hash, state.dataUpdatedAt);
  };
  /** Notes the answer's time, and drops the oldest answers beyond the most kept. */
  const noteWritten = async (hash: string, updatedAt: number) => {
    index ??= new Map(
      Object.entries((await quietly(() => get<Record<string, number>>(INDEX, openStore()))) ?? {}),
    );
    if (signedOut) return;
    index.set(hash, updatedAt);
    const oldest = [...index].sort(([, a], [, b]) => b - a).slice(KEEP_ANSWERS);
    for (const [key] of oldest) index.delete(key);
    if (oldest.length > 0)
      await quietly(() =>
        delMany(
          oldest.map(([key]) => `${ANSWER}${key}`),
          openStore(),
        ),
      );
    if (!signedOut) await quietly(() => set(INDEX, Object.fromEntries(index ?? []), openStore()));
  };
  const writeNext = async () => {
    scheduled = false;
    const id = userId();
    if (signedOut || id === null) return;
    await claim(id);
    const [hash] = changed;
    if (hash === undefined) return;
    changed.delete(hash);
    await writeOne(hash);
    if (changed.size > 0) schedule();
  };
  const schedule = () => {
    if (scheduled) return;
    scheduled = true;
    whenIdle(() => void writeNext());
  };

  queryClient.getQueryCache().subscribe((event) => {
    if (
      (event.type === 'updated' && event.action.type === 'success') ||
      (event.type === 'added' && event.query.state.status === 'success')
    ) {
      changed.add(event.query.queryHash);
      schedule();
    }
  });
  // Answers already in (the ones the server rendered the first screen with) are kept too.
  for (const query of queryClient.getQueryCache().getAll()) {
    if (query.state.status === 'success') changed.add(query.queryHash);
  }
  schedule();
  const saveOutbox = () => {
    const id = userId();
    if (signedOut || id === null) return;
    const outbox = outboxOf(queryClient);
    void claim(id).then(() => (signedOut ? undefined : quietly(() => set(OUTBOX, outbox, openStore()))));
  };
  queryClient.getMutationCache().subscribe((event) => {
    if (event.mutation && isChatSend(event.mutation)) saveOutbox();
  });
  // Messages sent before this started (the page was busy) are in the outbox too.
  if (outboxOf(queryClient).length > 0) saveOutbox();
  // Leaving the page: what is left to write goes now.
  window.addEventListener('pagehide', () => {
    for (const hash of changed) void writeOne(hash);
    changed.clear();
  });
}
