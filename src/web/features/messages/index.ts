// What the rest of the app may import from this feature (docs/client.md, Features).
export { messagesQueryKey } from './api/get-messages.ts';
export { unreadCountQueryKey, useUnreadCount } from './api/get-unread-count.ts';
export {
  keepChatOutbox,
  type SendVariables,
  sendMessageMutationKey,
  showOutbox,
} from './api/send-message.ts';
export { type ChatEntry, markFailed, receiveMessage, setReactions } from './chat.ts';
export { typing } from './typing-store.ts';
