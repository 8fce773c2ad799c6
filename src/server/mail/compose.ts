import type { Config } from '../config.ts';

/** What an e-mail says; `compose` lays it out as plain text and as HTML. */
export interface MailContent {
  subject: string;
  /** Whose e-mail it is in the greeting line: the household's name, or the app's. */
  from?: string;
  /** Each a paragraph; a line break inside one starts a new line (a short list). */
  paragraphs: string[];
  /** The one thing to do, as a button in HTML and a bare link in text. */
  action?: { label: string; url: string };
  /** Small print under a rule: why it was sent, how to stop it. */
  footer?: string[];
}

export interface ComposedMail {
  subject: string;
  text: string;
  html: string;
}

const APP_NAME = 'Hearth';

/**
 * Where links in e-mail point: the configured origin, never a request's Host header (anyone can
 * send one). Without PUBLIC_ORIGIN mail goes to the log (config.ts), read by whoever runs the server.
 */
export function mailOrigin(config: Config): string {
  return config.publicOrigin ?? `http://localhost:${config.port}`;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Plain text and a simple HTML part with the same words: no images, no scripts, no trackers. */
export function compose(content: MailContent): ComposedMail {
  const heading = content.from ?? APP_NAME;
  const text = [
    heading,
    '',
    ...content.paragraphs.flatMap((p) => [p, '']),
    ...(content.action ? [`${content.action.label}: ${content.action.url}`, ''] : []),
    ...(content.footer ? ['--', ...content.footer] : []),
  ]
    .join('\n')
    .trimEnd();
  const p = (body: string) => `<p style="margin:0 0 16px;line-height:1.5">${body}</p>`;
  const html = [
    '<!doctype html><html><body style="margin:0;padding:24px;background:#f5f5f4;color:#1c1917;font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif">',
    '<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:12px;padding:24px">',
    `<p style="margin:0 0 16px;font-weight:700;font-size:18px">${escapeHtml(heading)}</p>`,
    ...content.paragraphs.map((text) => p(escapeHtml(text).replace(/\n/g, '<br>'))),
    content.action
      ? p(
          `<a href="${escapeHtml(content.action.url)}" style="display:inline-block;background:#c2410c;color:#ffffff;text-decoration:none;padding:10px 16px;border-radius:8px;font-weight:600">${escapeHtml(content.action.label)}</a>`,
        ) + p(`<span style="color:#57534e;font-size:13px">${escapeHtml(content.action.url)}</span>`)
      : '',
    content.footer
      ? `<hr style="border:none;border-top:1px solid #e7e5e4;margin:16px 0">${content.footer.map((line) => `<p style="margin:0 0 8px;color:#57534e;font-size:13px">${escapeHtml(line)}</p>`).join('')}`
      : '',
    '</div></body></html>',
  ].join('');
  return { subject: content.subject, text, html };
}
