import { contactIsEmail } from '#shared/listings/rules.ts';
import { CopyIcon, MailIcon } from '../../../components/page-icons.tsx';
import { buttonStyles, cardStyles, mutedText } from '../../../components/ui.ts';
import { copyText } from '../../../lib/clipboard.ts';
import { useT } from '../../../lib/i18n.tsx';
import { useTimedMessage } from '../../../lib/use-timed-message.ts';

const NOTICE_MS = 4_000;

/**
 * Contact (docs/listings.md, Contact): an e-mail address opens the mail app; anything else (a phone
 * number) is copied, and the page says so in an alert.
 */
export function ContactSection({ contactInfo }: { contactInfo: string }) {
  const t = useT();
  const [notice, showNotice] = useTimedMessage(NOTICE_MS);
  const email = contactIsEmail(contactInfo);

  const copy = async () => {
    showNotice(
      (await copyText(contactInfo))
        ? t('listings.contact.copied')
        : t('listings.contact.copyFailed', { contact: contactInfo }),
    );
  };

  return (
    <section aria-labelledby="contact-title" className={`${cardStyles} space-y-3`}>
      <h2 id="contact-title" className="font-semibold text-lg">
        {t('listings.contact.title')}
      </h2>
      <p className="break-words font-medium">{contactInfo}</p>
      {email ? (
        <a href={`mailto:${contactInfo}`} className={`${buttonStyles.primary} w-full`}>
          <MailIcon className="size-5" />
          {t('listings.contact.button')}
        </a>
      ) : (
        <button type="button" className={`${buttonStyles.primary} w-full`} onClick={copy}>
          <CopyIcon className="size-5" />
          {t('listings.contact.button')}
        </button>
      )}
      <p className={`text-sm ${mutedText}`}>{t('listings.contact.note')}</p>
      {notice && (
        <p
          role="alert"
          className="rounded-xl bg-green-50 p-3 font-medium text-green-900 text-sm dark:bg-green-950 dark:text-green-100"
        >
          {notice}
        </p>
      )}
    </section>
  );
}
