import type { Translate } from '../translate.ts';
import { escapeHtml } from '../escape-html.ts';
import { EMAIL_FRAME_STRINGS, EMAIL_TEMPLATES, type EmailBlock, type EmailTemplateName, type EmailValues } from './templates.ts';

/** What every message carries besides its own values: the site it comes from, in its language. */
export interface EmailFrame {
  /** The message's locale: its strings and the HTML's `lang`. */
  locale: string;
  /** The interface strings of that locale (the site's default language fills the gaps). */
  t: Translate;
  siteName: string;
  /** The site's public origin (https://formazione.example.it): links and the logo are made absolute with it. */
  origin: string;
  /** The logo's path on the site, e.g. /logo/tiles.svg. */
  logoPath: string;
}

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

/** One line, no control characters: a subject with a line break could start a header of its own. */
const oneLine = (text: string) => text.replace(/[\p{Cc}\s]+/gu, ' ').trim();

/**
 * An address on the message's own site: a path (`/it-IT/...`), never another origin, so no value
 * can turn a message into a link elsewhere.
 */
export function siteAddress(origin: string, path: string): string {
  const base = new URL(origin);
  if (!/^\/(?![/\\])/.test(path)) throw new Error(`An e-mail link must be a path on the site, not ${JSON.stringify(path.slice(0, 80))}`);
  const url = new URL(path, base.origin);
  if (url.origin !== base.origin) throw new Error('An e-mail link must stay on the site');
  return url.href;
}

type Rendered = { kind: 'text'; text: string } | { kind: 'action'; label: string; href: string };

const COLORS = { text: '#1b2733', muted: '#4a5b6c', primary: '#0b5cad', border: '#c5d3e0', fill: '#eef3f8' };

function htmlBlock(block: Rendered, fallback: string): string {
  // pre-line keeps the line breaks a person wrote (a support reply) without trusting any markup.
  if (block.kind === 'text') return `<p style="margin:0 0 16px;white-space:pre-line">${escapeHtml(block.text)}</p>`;
  const href = escapeHtml(block.href);
  return [
    `<p style="margin:24px 0"><a href="${href}" style="display:inline-block;padding:12px 20px;background:${COLORS.primary};color:#ffffff;font-weight:bold;text-decoration:none;border-radius:8px">${escapeHtml(block.label)}</a></p>`,
    `<p style="margin:0 0 16px;font-size:14px;color:${COLORS.muted}">${escapeHtml(fallback)}<br><a href="${href}" style="color:${COLORS.primary};word-break:break-all">${href}</a></p>`,
  ].join('\n');
}

/**
 * A message of a template in its locale: subject, plain text and HTML, with the site's name and
 * logo. Every value is escaped in the HTML; the button's address is a path on the site made
 * absolute (siteAddress). Pure: the outbox's consumer reads strings and site, then calls this.
 */
export function renderEmail<Name extends EmailTemplateName>(name: Name, values: EmailValues<Name>, frame: EmailFrame): RenderedEmail {
  const template = EMAIL_TEMPLATES[name];
  const fill: Record<string, string | number> = { ...(values as Record<string, string | number>), site: frame.siteName };
  const blocks: readonly EmailBlock[] = template.blocks;
  const rendered: Rendered[] = blocks.map((block) =>
    'text' in block
      ? { kind: 'text', text: frame.t(block.text, fill) }
      : { kind: 'action', label: frame.t(block.action, fill), href: siteAddress(frame.origin, String(fill[block.path] ?? '')) },
  );
  const subject = oneLine(frame.t(template.subject, fill));
  const fallback = frame.t(EMAIL_FRAME_STRINGS.linkFallback, fill);
  const footer = frame.t(EMAIL_FRAME_STRINGS.footer, fill);
  const text = [frame.siteName, ...rendered.map((block) => (block.kind === 'text' ? block.text : `${block.label}:\n${block.href}`)), `-- \n${footer}`].join(
    '\n\n',
  );
  const logo = escapeHtml(siteAddress(frame.origin, frame.logoPath));
  const html = `<!doctype html>
<html lang="${escapeHtml(frame.locale)}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:0;background:${COLORS.fill}">
<div style="max-width:560px;margin:0 auto;padding:24px;background:#ffffff;color:${COLORS.text};font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5">
<p style="margin:0 0 24px"><img src="${logo}" alt="${escapeHtml(frame.siteName)}" width="160" height="40" style="display:block;border:0"></p>
${rendered.map((block) => htmlBlock(block, fallback)).join('\n')}
<p style="margin:24px 0 0;padding-top:16px;border-top:1px solid ${COLORS.border};font-size:13px;color:${COLORS.muted}">${escapeHtml(footer)}</p>
</div>
</body>
</html>
`;
  return { subject, text, html };
}
