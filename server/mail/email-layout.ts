// Every e-mail's two parts, plain text and HTML, in the product's name and
// colours: a heading, what happened (one or more entries, each with a link to
// the thing it is about), for a receipt its facts as label–value lines, and, at
// the foot, the one-click unsubscribe link (or why a one-off e-mail came).
// Everything that comes from people (names, titles, messages) is escaped.

export const BRAND = { name: 'OpenNest', colour: '#0f766e', colourDark: '#115e59', muted: '#52525b', background: '#f0fdfa' } as const;

/** One line of facts, e.g. { label: 'Amount paid', value: '$470,000.00 USD' }. */
export interface EmailFact {
  label: string;
  value: string;
}

export interface EmailEntry {
  text: string;
  url: string;
  /** The link's words, e.g. "See the offer". */
  action: string;
}

interface EmailBody {
  subject: string;
  greeting: string;
  /** One sentence before the entries. */
  intro: string;
  /** Facts shown after the intro (a receipt's amount, date, ids). */
  facts?: EmailFact[];
  entries: EmailEntry[];
}

/** Notification e-mails end with their one-click unsubscribe link. */
export interface UnsubscribableEmail extends EmailBody {
  /** What the unsubscribe link stops, e.g. "e-mails about new offers". */
  unsubscribeWhat: string;
  unsubscribeUrl: string;
  settingsUrl: string;
}

/** A one-off e-mail someone asked for (e.g. confirming an address): the foot says why it came instead. */
export interface RequestedEmail extends EmailBody {
  /** Why the reader got it, e.g. "Someone subscribed this address...". */
  reason: string;
}

export type EmailContent = UnsubscribableEmail | RequestedEmail;

const footerLinesOf = (content: EmailContent): string[] =>
  'reason' in content
    ? [content.reason]
    : [`Stop ${content.unsubscribeWhat} (one click, no sign-in): ${content.unsubscribeUrl}`, `All e-mail settings: ${content.settingsUrl}`];

const footerHtmlOf = (content: EmailContent): string =>
  'reason' in content
    ? escapeHtml(content.reason)
    : `<a href="${escapeHtml(content.unsubscribeUrl)}" style="color:${BRAND.colourDark}">Stop ${escapeHtml(content.unsubscribeWhat)}</a> (one click, no sign-in) ·
          <a href="${escapeHtml(content.settingsUrl)}" style="color:${BRAND.colourDark}">All e-mail settings</a>`;

export function renderEmail(content: EmailContent): { subject: string; text: string; html: string } {
  return { subject: `${BRAND.name}: ${content.subject}`, text: renderText(content), html: renderHtml(content) };
}

function renderText(content: EmailContent): string {
  const { greeting, intro, entries, facts = [] } = content;
  return [
    greeting,
    '',
    intro,
    '',
    ...(facts.length ? [...facts.map((fact) => `${fact.label}: ${fact.value}`), ''] : []),
    ...entries.flatMap((entry) => [`- ${entry.text}`, `  ${entry.action}: ${entry.url}`]),
    '',
    '--',
    `${BRAND.name}, the property marketplace`,
    ...footerLinesOf(content),
    '',
  ].join('\n');
}

export const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);

function renderHtml(content: EmailContent): string {
  const { subject, greeting, intro, entries, facts = [] } = content;
  const factRows = facts
    .map(
      (fact) => `
        <tr><td style="padding:4px 12px 4px 0;color:${BRAND.muted};white-space:nowrap;vertical-align:top">${escapeHtml(fact.label)}</td>
          <td style="padding:4px 0;color:#18181b;font-weight:600;word-break:break-all">${escapeHtml(fact.value)}</td></tr>`,
    )
    .join('');
  const entryRows = entries
    .map(
      (entry) => `
        <tr><td style="padding:12px 0;border-bottom:1px solid #e4e4e7">
          <p style="margin:0 0 8px;font-size:15px;color:#18181b">${escapeHtml(entry.text)}</p>
          <a href="${escapeHtml(entry.url)}" style="display:inline-block;background:${BRAND.colour};color:#ffffff;text-decoration:none;padding:8px 14px;border-radius:6px;font-weight:600">${escapeHtml(entry.action)}</a>
        </td></tr>`,
    )
    .join('');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:0;background:${BRAND.background};font-family:Arial,Helvetica,sans-serif">
  <table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:${BRAND.background};padding:24px 0">
    <tr><td align="center">
      <table role="presentation" width="560" cellpadding="0" cellspacing="0" style="max-width:560px;width:100%;background:#ffffff;border-radius:10px;overflow:hidden">
        <tr><td style="background:${BRAND.colour};padding:18px 24px;color:#ffffff;font-size:22px;font-weight:700">${BRAND.name}</td></tr>
        <tr><td style="padding:24px">
          <h1 style="margin:0 0 12px;font-size:20px;color:${BRAND.colourDark}">${escapeHtml(subject)}</h1>
          <p style="margin:0 0 8px;color:#18181b">${escapeHtml(greeting)}</p>
          <p style="margin:0 0 8px;color:#18181b">${escapeHtml(intro)}</p>${factRows ? `
          <table role="presentation" cellpadding="0" cellspacing="0" style="margin:8px 0 12px">${factRows}
          </table>` : ''}
          <table role="presentation" width="100%" cellpadding="0" cellspacing="0">${entryRows}
          </table>
        </td></tr>
        <tr><td style="padding:16px 24px;background:#fafafa;color:${BRAND.muted};font-size:12px">
          ${BRAND.name}, the property marketplace.<br>
          ${footerHtmlOf(content)}
        </td></tr>
      </table>
    </td></tr>
  </table>
</body></html>`;
}
