import type { D1PreparedStatement } from '@cloudflare/workers-types';
import { siteAddress } from '../../core/email/render.ts';
import { EMAIL_TEMPLATES, type EmailBlock, type EmailTemplateName, type EmailValues } from '../../core/email/templates.ts';
import { LOCALE_PATTERN } from '../../core/locale.ts';
import { EMAIL_PATTERN } from '../../core/user-fields.ts';
import { insertOutboxStatement, type OutboxInsert } from '../data/email/outbox.ts';
import type { Env } from '../env.ts';
import { assertSessionSecret } from '../auth/session-secret.ts';
import { sealValues } from './sealed-values.ts';

/**
 * The outbox: how any feature sends e-mail. Two calls, around the action's own D1 batch:
 *
 *   const mail = await outboxStatement(env, { siteId, to, locale, template: 'password-reset', values, origin });
 *   await env.DB.batch([...theActionsStatements, mail]);   // the message exists exactly when the action does
 *   await kickOutbox(env);                                 // ask for delivery now; never waits on it
 *
 * The MAIL queue's consumer (functions/email/deliver.ts) renders the message in its locale and
 * sends it with Email Service, retrying failures with backoff; the hourly Cron Trigger delivers
 * whatever a lost queue message left behind. Nothing here calls the provider.
 */
export interface OutboxMail<Name extends EmailTemplateName = EmailTemplateName> {
  siteId: string;
  /** The recipient's address. */
  to: string;
  /** The message's language: its strings come from this locale's boilerplate. */
  locale: string;
  template: Name;
  /** What the template's strings name (core/email/templates.ts); a template's `path` values are paths on the site. */
  values: EmailValues<Name>;
  /** The site's public origin as the action saw it (`new URL(request.url).origin`): links and logo are made absolute with it. */
  origin: string;
}

/** A message of any one of `Name`'s templates, each with its own values (a caller may mix templates). */
export type OutboxMailOf<Name extends EmailTemplateName> = Name extends EmailTemplateName ? OutboxMail<Name> : never;

export interface OutboxOptions {
  now?: number;
  /** Write the message only if the batch's previous statement changed a row (a conditional insert that counted). */
  onlyIfPreviousChanged?: boolean;
}

/**
 * A message as a statement for the caller's batch. Its values are checked against the template
 * (a missing value, an unknown template, a link off the site or a malformed address throws: a
 * caller's mistake, never a person's input) and sealed, so no live link sits readable in D1.
 */
export async function outboxStatement<Name extends EmailTemplateName>(
  env: Pick<Env, 'DB' | 'SESSION_SECRET' | 'ENVIRONMENT'>,
  mail: OutboxMail<Name>,
  options: OutboxOptions = {},
): Promise<D1PreparedStatement> {
  return insertOutboxStatement(env.DB, await outboxRow(env, mail, options.now ?? Date.now()), options.onlyIfPreviousChanged ?? false);
}

/**
 * Many messages for one statement of the caller's batch (`insertOutboxRowsStatement`, an import's
 * invitations): each checked and sealed as `outboxStatement` does, each carrying the caller's `key`.
 */
export async function outboxRows<Name extends EmailTemplateName>(
  env: Pick<Env, 'SESSION_SECRET' | 'ENVIRONMENT'>,
  mails: readonly (OutboxMailOf<Name> & { key: string })[],
  now: number,
): Promise<(OutboxInsert & { key: string })[]> {
  // Each mail is its own template's (OutboxMailOf); outboxRow checks its values against that template again.
  return Promise.all(mails.map(async (mail) => ({ ...(await outboxRow(env, mail as OutboxMail, now)), key: mail.key })));
}

async function outboxRow<Name extends EmailTemplateName>(
  env: Pick<Env, 'SESSION_SECRET' | 'ENVIRONMENT'>,
  mail: OutboxMail<Name>,
  now: number,
): Promise<OutboxInsert> {
  const template = EMAIL_TEMPLATES[mail.template];
  if (!template) throw new Error(`Unknown e-mail template ${mail.template}`);
  const values = mail.values as Record<string, string | number>;
  const missing = template.values.filter((name) => values[name] === undefined || values[name] === '');
  if (missing.length) throw new Error(`E-mail ${mail.template} lacks ${missing.join(', ')}`);
  if (!EMAIL_PATTERN.test(mail.to)) throw new Error('E-mail recipient is not an address');
  if (!LOCALE_PATTERN.test(mail.locale)) throw new Error(`E-mail locale ${mail.locale} is not a locale code`);
  const blocks: readonly EmailBlock[] = template.blocks;
  for (const block of blocks) if ('path' in block) siteAddress(mail.origin, String(values[block.path]));
  const id = crypto.randomUUID();
  const payload = await sealValues(values, assertSessionSecret(env), id);
  return { id, siteId: mail.siteId, recipient: mail.to, locale: mail.locale, template: mail.template, origin: new URL(mail.origin).origin, payload, now };
}

/**
 * Asks for delivery once the caller's batch has committed: one small queue message, which
 * resolves in milliseconds (the request never waits on the provider). A lost or refused kick
 * loses nothing: the message waits in D1 for the next delivery or the hourly one.
 */
export async function kickOutbox(env: Pick<Env, 'MAIL'>, delaySeconds = 0): Promise<void> {
  if (!env.MAIL) return;
  try {
    await env.MAIL.send({ kind: 'deliver' }, { contentType: 'json', ...(delaySeconds > 0 ? { delaySeconds: Math.min(43_200, Math.ceil(delaySeconds)) } : {}) });
  } catch (error) {
    console.log(JSON.stringify({ type: 'mail', event: 'kick-failed', error: error instanceof Error ? error.message.slice(0, 300) : String(error) }));
  }
}
