import {
  type DehydratedState,
  hydrate,
  type Mutation,
  onlineManager,
  type QueryClient,
} from '@tanstack/react-query';
import { createStore, del, get, set, type UseStore } from 'idb-keyval';
import type { CurrentUser } from '#shared/accounts/api.ts';
import { cachedUserId, userQueryKey } from '../features/auth/index.ts';
import { keepChatOutbox, sendMessageMutationKey } from '../features/messages/index.ts';

/**
 * The signed-in member's last-known answers and chat outbox, kept in IndexedDB (decision 0040):
 * offline, every screen opens with what it last showed, and messages written offline are sent
 * when the browser is back online, even after a reload.
 */

/** The IndexedDB database and its one record. */
const DATABASE = 'hearth-offline';
const KEY = 'last-known';
/** Raised when the shape of a kept answer changes: a copy kept by an older app is then dropped. */
const FORMAT = 1;
/** A copy older than this is not shown: offline for two weeks, the household has moved on. */
const KEEP_MS = 14 * 24 * 60 * 60 * 1000;
/** The most answers kept: enough for every screen and a few of each kind of detail. */
const KEEP_ANSWERS = 200;
/** Answers change in bursts (a screen's reads, a live event's refetch): one write per burst. */
const SAVE_AFTER_MS = 1000;

type KeptQuery = DehydratedState['queries'][number];

interface Kept {
  format: number;
  userId: string;
  savedAt: number;
  state: DehydratedState;
}

let store: UseStore | undefined;
const openStore = () => {
  store ??= createStore(DATABASE, 'answers');
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

/** The kept copy for this member, or null (none, another member's, too old, an older format). */
async function readKept(userId: string | null): Promise<Kept | null> {
  const kept = await quietly(() => get<Kept>(KEY, openStore()));
  if (!kept) return null;
  const usable = kept.format === FORMAT && kept.userId === userId && Date.now() - kept.savedAt < KEEP_MS;
  if (!usable) await quietly(() => del(KEY, openStore()));
  return usable ? kept : null;
}

/**
 * Puts the kept copy into the cache: the chat outbox always, the answers when asked (offline).
 * An answer the cache already holds in a newer copy stays as it is.
 */
async function restore(queryClient: QueryClient, { answers }: { answers: boolean }): Promise<Kept | null> {
  const kept = await readKept(cachedUserId());
  if (!kept) return null;
  hydrate(queryClient, {
    queries: answers ? kept.state.queries : [],
    // A send restored while signed in elsewhere in this tab is already in the cache.
    mutations: queryClient.getMutationCache().getAll().some(isChatSend) ? [] : kept.state.mutations,
  });
  return kept;
}

/**
 * What to keep: the cache's answers, over the answers kept before (each page load holds only the
 * answers of the screens it opened), the most recent first, and the chat sends still to go. The
 * shape is the one `hydrate` reads. (Not the library's `dehydrate`: the first screen's bundle
 * would carry it.)
 */
function snapshot(queryClient: QueryClient, known: Map<string, KeptQuery>): DehydratedState {
  const now = Date.now();
  for (const query of queryClient.getQueryCache().getAll()) {
    if (query.state.status !== 'success' || query.state.data === undefined) continue;
    const state = {
      ...query.state,
      fetchStatus: 'idle' as const,
      fetchFailureCount: 0,
      fetchFailureReason: null,
    };
    known.set(query.queryHash, {
      queryHash: query.queryHash,
      queryKey: query.queryKey,
      state,
      dehydratedAt: now,
    });
  }
  const recent = [...known.values()]
    .sort((a, b) => b.state.dataUpdatedAt - a.state.dataUpdatedAt)
    .slice(0, KEEP_ANSWERS);
  known.clear();
  for (const query of recent) known.set(query.queryHash, query);
  // A send under way when the page closed may or may not have arrived: it goes again, and the
  // server keeps one copy (its clientId).
  const mutations = queryClient
    .getMutationCache()
    .getAll()
    .filter((mutation) => isChatSend(mutation) && mutation.state.status === 'pending')
    .map((mutation) => ({
      mutationKey: mutation.options.mutationKey,
      scope: mutation.options.scope,
      state: { ...mutation.state, isPaused: true },
    }));
  return { queries: recent, mutations };
}

/**
 * Starts keeping the member's answers and outbox, after putting back what was kept: the answers
 * only when the browser is offline (online, the screens ask the server as usual), the outbox
 * always, and it is sent at once when the browser is online.
 */
export async function startOffline(queryClient: QueryClient): Promise<void> {
  keepChatOutbox(queryClient);
  const kept = await restore(queryClient, { answers: !onlineManager.isOnline() });
  if (onlineManager.isOnline()) void queryClient.resumePausedMutations();
  keepSaved(queryClient, kept?.state.queries ?? []);
  // Offline in the middle of a visit: screens not opened yet in this page open with their copy.
  onlineManager.subscribe((online) => {
    if (!online) void restore(queryClient, { answers: true });
  });
}

function keepSaved(queryClient: QueryClient, keptBefore: KeptQuery[]): void {
  const known = new Map(keptBefore.map((query) => [query.queryHash, query]));
  let timer: ReturnType<typeof setTimeout> | undefined;
  let signedOut = false;
  const save = () => {
    clearTimeout(timer);
    timer = undefined;
    const user = queryClient.getQueryData<CurrentUser | null>(userQueryKey);
    if (signedOut || !user) return;
    const kept: Kept = {
      format: FORMAT,
      userId: user.id,
      savedAt: Date.now(),
      state: snapshot(queryClient, known),
    };
    void quietly(() => set(KEY, kept, openStore()));
  };
  const saveSoon = () => {
    timer ??= setTimeout(save, SAVE_AFTER_MS);
  };
  const forget = () => {
    signedOut = true;
    known.clear();
    clearTimeout(timer);
    void quietly(() => del(KEY, openStore()));
  };
  queryClient.getQueryCache().subscribe((event) => {
    const isUser = event.query.queryKey[0] === userQueryKey[0];
    // Signing out clears the cache, and a 401 answers the user check with null: nothing stays.
    if (
      isUser &&
      (event.type === 'removed' || (event.type === 'updated' && event.query.state.data === null))
    ) {
      forget();
    } else if (
      (event.type === 'updated' && event.action.type === 'success') ||
      (event.type === 'added' && event.query.state.status === 'success')
    ) {
      saveSoon();
    }
  });
  // Answers already in (the ones the server rendered the first screen with) are kept too.
  saveSoon();
  // The outbox is written at once: a reload a moment after sending must not lose the message.
  queryClient.getMutationCache().subscribe((event) => {
    if (event.mutation && isChatSend(event.mutation)) save();
  });
  window.addEventListener('pagehide', () => timer !== undefined && save());
}
