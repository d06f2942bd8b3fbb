import { localeOrDefault } from '../../core/locale.ts';
import { EMAIL_CHANGE_TTL_MS, EMAIL_CHANGE_WINDOW_MS, EMAIL_CHANGES_PER_ACCOUNT, EMAIL_CHANGES_PER_ADDRESS } from '../../core/email-change-allowance.ts';
import { INVITATION_TTL_MS } from '../../core/people-import.ts';
import { EMAIL_PATTERN } from '../../core/user-fields.ts';
import type { User } from '../../core/user.ts';
import { addressHolder, confirmEmailChange, emailChangeState, emailChangeStatements, removeEmail } from '../data/auth/email-changes.ts';
import { findUserById, updateUser } from '../data/auth/users.ts';
import { resendInvitationStatements } from '../data/people/invitations.ts';
import { kickOutbox, outboxStatement } from '../email/outbox.ts';
import type { Env } from '../env.ts';
import type { Language } from '../messages.ts';
import { hashToken, newToken } from '../shared/token.ts';
import { authMessage, type AuthMessageKey } from './messages.ts';

export interface EmailChangeContext {
  env: Env;
  siteId: string;
  language: Language;
  now: number;
  /** The site's origin as the caller reached it: the e-mails' links start with it. */
  origin: string;
}

const canReceive = (address: string | null): address is string => !!address && EMAIL_PATTERN.test(address);

/**
 * The old address told that the account's address changed (or was removed). Not an invited
 * account's: its address was never proved (staff may be correcting a mistyped one, whose stranger
 * should learn nothing).
 */
async function changedNotice(context: EmailChangeContext, user: User) {
  if (!canReceive(user.email) || user.status === 'invited') return null;
  const locale = localeOrDefault(user.locale);
  const values = { name: user.firstName, code: user.code, path: `/${locale}/assistenza` };
  return outboxStatement(
    context.env,
    { siteId: context.siteId, to: user.email, locale, origin: context.origin, template: 'email-changed', values },
    { now: context.now, onlyIfPreviousChanged: true },
  );
}

export type EmailChangeRequest = { kind: 'requested' | 'unchanged' } | { kind: 'refused'; status: 429; message: string };

/**
 * A user asks for a new address (the profile's form and `PUT /api/auth/user`, a user's own or staff's
 * change alike). Nothing changes yet: the new address gets a link (24 hours, single use, voiding the
 * account's older ones) that sets it when followed. When another account holds the address, its
 * owner is told instead, with no link; the answer is the same either way, so it never says whether
 * an address is taken. Removing the address (null) happens at once, and the old address is told.
 */
export async function requestEmailChange(context: EmailChangeContext, user: User, address: string | null): Promise<EmailChangeRequest> {
  const { env, siteId, now, origin } = context;
  if (address === null) {
    if (user.email === null) return { kind: 'unchanged' };
    const notice = await changedNotice(context, user);
    await removeEmail(env.DB, user.id, now, notice);
    await kickOutbox(env);
    return { kind: 'requested' };
  }
  if (user.email !== null && user.email.toLowerCase() === address.toLowerCase()) {
    // The same address, perhaps in other letters' case: kept as typed, no link needed.
    if (user.email !== address) await updateUser(env.DB, user.id, { email: address }, now);
    return { kind: 'unchanged' };
  }
  const token = newToken();
  const holder = await addressHolder(env.DB, siteId, address, user.id);
  const common = { siteId, to: address, origin };
  const options = { now, onlyIfPreviousChanged: true };
  const mail = holder
    ? await outboxStatement(
        env,
        {
          ...common,
          locale: localeOrDefault(holder.locale),
          template: 'email-change-known',
          values: { name: holder.firstName, code: holder.code, path: `/${localeOrDefault(holder.locale)}/password/forgot` },
        },
        options,
      )
    : await outboxStatement(
        env,
        {
          ...common,
          locale: localeOrDefault(user.locale),
          template: 'email-change',
          values: {
            name: user.firstName,
            code: user.code,
            path: `/${localeOrDefault(user.locale)}/email/confirm?${new URLSearchParams({ t: token })}`,
            hours: EMAIL_CHANGE_TTL_MS / 3_600_000,
          },
        },
        options,
      );
  // A held address gets a link row too, never mailed: the account's pending address and its allowance look the same either way.
  const link = { siteId, userId: user.id, email: address, tokenHash: await hashToken(token), now, expiresAt: now + EMAIL_CHANGE_TTL_MS };
  const allowance = { since: now - EMAIL_CHANGE_WINDOW_MS, perAccount: EMAIL_CHANGES_PER_ACCOUNT, perAddress: EMAIL_CHANGES_PER_ADDRESS };
  const [inserted] = await env.DB.batch(emailChangeStatements(env.DB, link, allowance, mail));
  if ((inserted?.meta.changes ?? 0) === 0) return { kind: 'refused', status: 429, message: authMessage('emailChangesTooMany', context.language) };
  await kickOutbox(env);
  return { kind: 'requested' };
}

export type EmailChangeRefusal = 'unknown' | 'expired' | 'used' | 'taken';

const REFUSALS: Record<EmailChangeRefusal, AuthMessageKey> = {
  unknown: 'emailChangeLinkInvalid',
  expired: 'emailChangeLinkExpired',
  used: 'emailChangeLinkUsed',
  taken: 'emailChangeTaken',
};

export function emailChangeRefusalMessage(reason: EmailChangeRefusal, language: Language): string {
  return authMessage(REFUSALS[reason], language);
}

/** Whether a change link can still be followed, and the address it sets: the page asks before its button. */
export async function checkEmailChangeLink(env: Env, siteId: string, token: string, now: number): Promise<{ refusal: EmailChangeRefusal } | { email: string }> {
  const state = await emailChangeState(env.DB, siteId, await hashToken(token), now);
  return state.kind === 'valid' && state.email ? { email: state.email } : { refusal: state.kind === 'valid' ? 'unknown' : state.kind };
}

export type EmailChangeResult =
  | {
      kind: 'changed';
      email: string;
      /** For an invited account (staff corrected the address its invitation went to): the fresh invitation's page, the next step. */ invitationPath:
        string | null;
    }
  | { kind: 'refused'; reason: EmailChangeRefusal; message: string };

/**
 * An invited account's address corrected and proved: its older invitation links (sent to the old,
 * perhaps mistyped, address) voided, a new one stored and mailed to the proved address, whose page
 * the confirmation leads to at once. Returns that page's path.
 */
async function inviteAgain(context: EmailChangeContext, user: User, email: string): Promise<string> {
  const { env, siteId, now, origin } = context;
  const token = newToken();
  const locale = localeOrDefault(user.locale);
  const path = `/${locale}/invitation?${new URLSearchParams({ t: token })}`;
  const values = { name: user.firstName, code: user.code, path, days: INVITATION_TTL_MS / 86_400_000 };
  const mail = await outboxStatement(env, { siteId, to: email, locale, origin, template: 'invitation', values }, { now, onlyIfPreviousChanged: true });
  const link = { userId: user.id, tokenHash: await hashToken(token), expiresAt: now + INVITATION_TTL_MS };
  await env.DB.batch(resendInvitationStatements(env.DB, { siteId, actorId: user.id, now }, link, mail));
  return path;
}

/**
 * The new address's link followed (its page's button, `POST /api/auth/email/confirm`): the address
 * becomes the account's, unless another account took it meanwhile; the old address is told, with
 * where to ask for help. Of two parallel uses of one link, one changes and the other is told it was used.
 */
export async function confirmEmail(context: EmailChangeContext, token: string): Promise<EmailChangeResult> {
  const { env, siteId, now, language } = context;
  const refused = (reason: EmailChangeRefusal): EmailChangeResult => ({ kind: 'refused', reason, message: emailChangeRefusalMessage(reason, language) });
  const tokenHash = await hashToken(token);
  const state = await emailChangeState(env.DB, siteId, tokenHash, now);
  if (state.kind !== 'valid' || !state.email) return refused(state.kind === 'valid' ? 'unknown' : state.kind);
  const user = await findUserById(env.DB, state.userId);
  if (!user || user.status === 'deleted') return refused('unknown');
  const notice = await changedNotice(context, user);
  if (await confirmEmailChange(env.DB, { siteId, userId: user.id, tokenHash, email: state.email, now }, notice)) {
    const invitationPath = user.status === 'invited' ? await inviteAgain(context, user, state.email) : null;
    await kickOutbox(env);
    return { kind: 'changed', email: state.email, invitationPath };
  }
  const after = await emailChangeState(env.DB, siteId, tokenHash, now);
  return refused(after.kind === 'used' && (await addressHolder(env.DB, siteId, state.email, user.id)) ? 'taken' : after.kind === 'valid' ? 'used' : after.kind);
}
