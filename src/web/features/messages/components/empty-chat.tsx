import { ChatIcon } from '../../../components/icons.tsx';
import { mutedText } from '../../../components/ui.ts';
import { useT } from '../../../lib/i18n.tsx';
import { CHAT_STARTER_IDS } from '../chat-words.ts';

/** The empty chat: 'Start the conversation' with starters that fill the input (docs/chat.md, Empty chat). */
export function EmptyChat({ onPick }: { onPick: (text: string) => void }) {
  const t = useT();
  return (
    <div className="flex flex-1 flex-col items-center justify-center gap-4 px-6 py-10 text-center">
      <span className="inline-flex size-14 items-center justify-center rounded-2xl bg-blue-100 text-blue-700 dark:bg-blue-950 dark:text-blue-300">
        <ChatIcon className="size-7" />
      </span>
      <div>
        <h2 className="font-semibold text-lg">{t('messages.empty.title')}</h2>
        <p className={`text-sm ${mutedText}`}>{t('messages.empty.text')}</p>
      </div>
      <ul className="flex flex-wrap justify-center gap-2">
        {CHAT_STARTER_IDS.map((id) => (
          <li key={id}>
            <button
              type="button"
              onClick={() => onPick(t(id))}
              className="rounded-full border border-slate-300 bg-white px-3.5 py-1.5 text-slate-800 text-sm hover:border-blue-600 hover:bg-blue-50 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 dark:hover:border-blue-400 dark:hover:bg-slate-800"
            >
              {t(id)}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
