import '#shared/i18n/compiled/areas/messages.ts';
import { type Mutation, useIsMutating, useQueryClient } from '@tanstack/react-query';
import { useCallback, useDeferredValue, useMemo, useRef, useState } from 'react';
import type { MessageAuthor, PublicUser } from '#shared/accounts/api.ts';
import { displayName } from '#shared/accounts/users.ts';
import { extractErrorMessage } from '#shared/errors.ts';
import type { ChatMessage } from '#shared/messages/api.ts';
import { MESSAGES_PAGE_SIZE, toAuthor } from '#shared/messages/rules.ts';
import { checkImageFile } from '#shared/validation-rules.ts';
import { ErrorCard } from '../../components/error-card.tsx';
import { PageSpinner } from '../../components/spinner.tsx';
import { buttonStyles } from '../../components/ui.ts';
import { errorText } from '../../lib/error-text.ts';
import { useT } from '../../lib/i18n.tsx';
import { useKeyboardOpen } from '../../lib/use-keyboard-open.ts';
import { useWide } from '../../lib/use-wide.ts';
import type { FirstReads } from '../../shell/screens.ts';
import { useUser } from '../auth/index.ts';
import { useCurrentHousehold } from '../households/index.ts';
import { messagesQueryKey, messagesQueryOptions, useMessages } from './api/get-messages.ts';
import { useReactToMessage } from './api/react-to-message.ts';
import { newTempId, sendMessageMutationKey, useSendMessage } from './api/send-message.ts';
import { sendPhotoMutationKey, useSendPhoto } from './api/send-photo.ts';
import { type ChatEntry, reconcileLatest, removeMessage } from './chat.ts';
import { ChatHeader } from './components/chat-header.tsx';
import { ChatSidePane } from './components/chat-side-pane.tsx';
import { Composer } from './components/composer.tsx';
import { EmptyChat } from './components/empty-chat.tsx';
import type { MessageActions } from './components/message-item.tsx';
import { MessageList } from './components/message-list.tsx';
import { TypingIndicator } from './components/typing-indicator.tsx';
import { useReadMarker } from './use-read-marker.ts';
import { useTypingSender } from './use-typing-sender.ts';

/** /messages: the household's chat (docs/chat.md). */
export function MessagesPage() {
  const { data: user } = useUser();
  const { data: household } = useCurrentHousehold();
  if (!user || !household) return <PageSpinner />;
  return <Chat user={user} householdId={household.id} />;
}

const isUnderWay = (mutation: Mutation) => !mutation.state.isPaused;

function Chat({ user, householdId }: { user: PublicUser; householdId: string }) {
  const t = useT();
  const author = useMemo<MessageAuthor>(() => toAuthor(user), [user]);
  const queryClient = useQueryClient();
  const messagesQuery = useMessages();
  const messages = messagesQuery.data;
  // A page of messages is a long list. Rendered from a deferred copy, it is built in the
  // background, in short tasks React can interrupt, rather than in one block that would freeze
  // the page; the copy follows every change a moment later.
  const shown = useDeferredValue(messages);
  const send = useSendMessage();
  // A message waiting in the outbox for the network is not being sent: more may join it.
  const sending =
    useIsMutating({ mutationKey: sendMessageMutationKey, predicate: isUnderWay }) +
      useIsMutating({ mutationKey: sendPhotoMutationKey }) >
    0;
  const react = useReactToMessage(author.id);
  const typing = useTypingSender(householdId, author.id, displayName(author));
  const [draft, setDraft] = useState('');
  const [photo, setPhoto] = useState<File | null>(null);
  // A file the browser can already tell the server would refuse (not an image, 5 MB or more).
  const [photoProblem, setPhotoProblem] = useState<string | null>(null);
  const sendPhoto = useSendPhoto();
  const input = useRef<HTMLTextAreaElement>(null);
  // The bottom navigation hides while the on-screen keyboard is open; the chat takes its place.
  const keyboardOpen = useKeyboardOpen();
  const wide = useWide();
  useReadMarker(messages ?? [], author.id);

  const { mutate: sendMutate } = send;
  const { mutate: reactMutate } = react;
  const actions = useMemo<MessageActions>(
    () => ({
      react: (messageId, emoji) => reactMutate({ messageId, emoji }),
      retry: (message: ChatEntry) =>
        sendMutate({ tempId: message.id, content: message.content, author, householdId }),
      discard: (messageId) =>
        queryClient.setQueryData<ChatEntry[]>(
          messagesQueryKey,
          (list) => list && removeMessage(list, messageId),
        ),
    }),
    [reactMutate, sendMutate, author, householdId, queryClient],
  );

  const onDraftChange = (text: string) => {
    setDraft(text);
    typing.typed(text);
  };

  const onSend = () => {
    const content = draft.trim();
    if (photo) {
      if (sending) return;
      typing.stopped();
      sendPhoto.mutate(
        { content, photo },
        {
          onSuccess: () => {
            setPhoto(null);
            setDraft('');
          },
        },
      );
      return;
    }
    if (!content || sending) return;
    setDraft('');
    typing.stopped();
    sendMutate({ tempId: newTempId(), content, author, householdId });
    input.current?.focus();
  };

  const pick = useCallback((text: string) => {
    setDraft(text);
    input.current?.focus();
  }, []);

  return (
    <div
      data-wide=""
      className={`flex ${keyboardOpen ? 'h-dvh' : 'h-[calc(100dvh-5rem-env(safe-area-inset-bottom))] md:h-dvh'}`}
    >
      <div className="flex min-w-0 flex-1 flex-col">
        <ChatHeader syncing={messagesQuery.isFetching} />
        {shown === undefined ? (
          messages === undefined && messagesQuery.isError ? (
            <div className="flex flex-1 flex-col items-center justify-center gap-4 px-6">
              <ErrorCard
                title={t('messages.page.loadError')}
                message={extractErrorMessage(messagesQuery.error.message)}
              />
              <button
                type="button"
                className={buttonStyles.secondary}
                onClick={() => messagesQuery.refetch()}
              >
                {t('messages.page.tryAgain')}
              </button>
            </div>
          ) : (
            <div className="flex flex-1 items-center justify-center">
              <PageSpinner />
            </div>
          )
        ) : shown.length === 0 ? (
          <EmptyChat onPick={pick} />
        ) : (
          <MessageList messages={shown} userId={author.id} actions={actions} />
        )}
        <TypingIndicator />
        <Composer
          draft={draft}
          onDraftChange={onDraftChange}
          onSend={onSend}
          sending={sending}
          inputRef={input}
          photo={photo}
          onPhotoChange={(file) => {
            sendPhoto.reset();
            const problem = file && checkImageFile(file);
            setPhotoProblem(problem);
            setPhoto(problem ? null : file);
          }}
          photoStatus={
            sendPhoto.isPending
              ? { sending: true }
              : photoProblem || sendPhoto.isError
                ? { error: errorText(photoProblem ?? sendPhoto.error, t) }
                : null
          }
        />
      </div>
      {/* From md, the members and what is due beside the messages (docs/screens.md). */}
      {wide && <ChatSidePane />}
    </div>
  );
}

/** Its one read (src/shared/screens/screens.ts): the latest page, held as the chat's query holds it. */
export const firstReads: FirstReads = {
  prefetch: (client) => client.prefetchQuery(messagesQueryOptions),
  seed: (client, [latest]) =>
    client.setQueryData(
      messagesQueryKey,
      reconcileLatest([], latest as ChatMessage[], MESSAGES_PAGE_SIZE, []),
    ),
};
