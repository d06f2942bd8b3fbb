import type { D1PreparedStatement } from '@cloudflare/workers-types';
import type { z } from 'zod';
import type { registerRequest, registerResendRequest } from '../../core/contracts/registration.ts';
import { localeOrDefault } from '../../core/locale.ts';
import {
  CONFIRMATION_TTL_MS,
  REGISTRATION_MAILS_PER_ADDRESS,
  REGISTRATION_REQUESTS_CHECKED,
  REGISTRATION_REQUESTS_UNCHECKED,
  REGISTRATION_WINDOW_MS,
} from '../../core/registration-allowance.ts';
import { EMAIL_PATTERN } from '../../core/user-fields.ts';
import { countAttempt, type CountedAttempt } from '../data/auth/passwords.ts';
import {
  confirmationState,
  confirmRegistration,
  findAddressAccountById,
  findAddressAccounts,
  noteStatements,
  pendingLinkStatements,
  registrationSettings,
  registrationStatements,
  type AddressAccount,
  type RegistrationForm,
} from '../data/auth/registrations.ts';
import { eventIfChangedStatement } from '../data/events.ts';
import { kickOutbox, outboxStatement } from '../email/outbox.ts';
import type { Env } from '../env.ts';
import type { Language } from '../messages.ts';
import { authMessage, type AuthMessageKey } from './messages.ts';
import { BOT_CHECK_REQUIRED, verifyBotCheck } from './bot-check.ts';
import { hashPassword } from './password.ts';
import { addressHash } from './password-reset.ts';
import { assertSessionSecret } from './session-secret.ts';
import { hashToken, newToken } from '../shared/token.ts';

export interface RegistrationContext {
  env: Env;
  /** The caller's request: its address is counted. */
  request: Request;
  siteId: string;
  /** The page's or request's locale: the new account's and its e-mail's language. */
  localeCode: string;
  language: Language;
  now: number;
  /** The site's origin as the caller reached it: the e-mail's links start with it. */
  origin: string;
}

export type RegistrationResult =
  | { kind: 'requested' }
  | {
      kind: 'refused';
      status: 400 | 403 | 428 | 429;
      message: string;
      headers: Record<string, string>;
      /** The next request must carry a solved bot check. */ botCheck: boolean;
      /** The refusal is about the privacy consent field. */ privacy?: boolean;
    };

type RegistrationRefusal = Extract<RegistrationResult, { kind: 'refused' }>;

const refused = (status: RegistrationRefusal['status'], text: string, headers: Record<string, string> = {}, botCheck = false): RegistrationRefusal => ({
  kind: 'refused',
  status,
  message: text,
  headers,
  botCheck,
});

/**
 * The caller's address counted (3 requests an hour without a solved bot check, 20 with one), for
 * registrations and resends alike; a refusal, or null when the request may go on.
 */
async function countAddress(context: RegistrationContext, altcha: string | undefined): Promise<RegistrationRefusal | null> {
  const { env, siteId, now, language } = context;
  const secret = assertSessionSecret(env);
  const solved = altcha ? await verifyBotCheck(env.DB, secret, altcha, now) : false;
  if (altcha && !solved) return refused(428, authMessage('botCheckInvalid', language), BOT_CHECK_REQUIRED, true);
  const key = await addressHash(context.request, secret);
  const allowance = solved ? REGISTRATION_REQUESTS_CHECKED : REGISTRATION_REQUESTS_UNCHECKED;
  const since = now - REGISTRATION_WINDOW_MS;
  if (await countAttempt(env.DB, { id: crypto.randomUUID(), siteId, scope: 'register-address', key, now, since, allowance })) return null;
  return solved
    ? refused(429, authMessage('registrationTooMany', language), { 'retry-after': String(REGISTRATION_WINDOW_MS / 1000) })
    : refused(428, authMessage('resetNeedsBotCheck', language), BOT_CHECK_REQUIRED, true);
}

/** What writing a registration's e-mails needs: staff resending a confirmation have no caller to count. */
type MailContext = Pick<RegistrationContext, 'env' | 'siteId' | 'now' | 'origin'>;

/** The address's e-mail allowance (3 an hour, whatever the messages are): every registration message counts under it. */
const mailAttempt = (context: MailContext, address: string): CountedAttempt => ({
  id: crypto.randomUUID(),
  siteId: context.siteId,
  scope: 'register-mail',
  key: address,
  now: context.now,
  since: context.now - REGISTRATION_WINDOW_MS,
  allowance: REGISTRATION_MAILS_PER_ADDRESS,
});

/** A new confirmation link: its token for the e-mail's path, its hash for D1. */
async function newLink(context: MailContext, locale: string) {
  const token = newToken();
  return {
    path: `/${locale}/register/confirm?${new URLSearchParams({ t: token })}`,
    tokenHash: await hashToken(token),
    now: context.now,
    expiresAt: context.now + CONFIRMATION_TTL_MS,
  };
}

const accountLocale = (account: AddressAccount) => localeOrDefault(account.locale);

/** The registration a link carries: its password and its form (names, language). */
type Registration = { passwordHash: string; form: RegistrationForm };

/**
 * What a registration (or a resend, `registration` null) with an address that has an account
 * writes: a pending account gets a further confirmation link, carrying this registration's form
 * (a resend's, the latest one's), greeting and written in that form's name and language; an
 * active one, whose address can receive mail, a note to its owner that someone tried to register
 * with it (and where to sign in or reset the password). Nothing is said to the caller.
 */
async function knownAddressStatements(context: MailContext, account: AddressAccount, address: string, registration: Registration | null) {
  const { env, siteId, now, origin } = context;
  const to = account.email && EMAIL_PATTERN.test(account.email) ? account.email : null;
  if (!to) return [];
  const options = { now, onlyIfPreviousChanged: true };
  if (account.pending) {
    const chosen = registration?.form.locale ?? account.latestForm?.locale ?? account.locale;
    const locale = localeOrDefault(chosen);
    const link = await newLink(context, locale);
    const name = registration?.form.firstName ?? account.latestForm?.firstName ?? account.firstName;
    const values = { name, path: link.path, hours: CONFIRMATION_TTL_MS / 3_600_000 };
    const mail = await outboxStatement(env, { siteId, to, locale, origin, template: 'register-confirm', values }, options);
    return pendingLinkStatements(env.DB, mailAttempt(context, address), { siteId, userId: account.id }, { ...link, registration }, mail);
  }
  if (registration === null) return [];
  const locale = accountLocale(account);
  const common = { siteId, to, locale, origin };
  const values = { name: account.firstName, code: account.code, path: `/${locale}/password/forgot` };
  return noteStatements(env.DB, mailAttempt(context, address), await outboxStatement(env, { ...common, template: 'register-known', values }, options));
}

/**
 * A learner registers, for the API (`POST /api/auth/register`) and the page's form. Refused when
 * the site registers by invitation only, or the privacy notice accepted is not the current one;
 * then the caller's address is counted. An unknown address becomes a pending learner account whose
 * user code is the address, with a confirmation link (24 hours, single use) by e-mail; a known one
 * sends its owner a note instead (or, while pending, a further link). The answer, the status and
 * the work (a password hash, one batch) are the same in every case.
 */
export async function register(context: RegistrationContext, body: z.output<typeof registerRequest>): Promise<RegistrationResult> {
  const { env, siteId, now, language } = context;
  const settings = await registrationSettings(env.DB, siteId);
  if (!settings || settings.mode !== 'open') return refused(403, authMessage('registrationClosed', language));
  if (body.privacy !== settings.privacyVersion) return { ...refused(400, authMessage('registrationPrivacyOutdated', language)), privacy: true };
  const counted = await countAddress(context, body.altcha);
  if (counted) return counted;
  const passwordHash = await hashPassword(body.password, env.PASSWORD_PEPPER);
  const locale = localeOrDefault(context.localeCode);
  const form = { firstName: body.firstName, lastName: body.lastName, locale };
  const [account] = await findAddressAccounts(env.DB, siteId, body.email);
  let statements: D1PreparedStatement[];
  if (account) statements = await knownAddressStatements(context, account, body.email, { passwordHash, form });
  else {
    const link = await newLink(context, locale);
    const values = { name: body.firstName, path: link.path, hours: CONFIRMATION_TTL_MS / 3_600_000 };
    const mail = await outboxStatement(
      env,
      { siteId, to: body.email, locale, origin: context.origin, template: 'register-confirm', values },
      { now, onlyIfPreviousChanged: true },
    );
    const user = {
      id: crypto.randomUUID(),
      siteId,
      email: body.email,
      firstName: body.firstName,
      lastName: body.lastName,
      locale,
      privacyVersion: settings.privacyVersion,
    };
    statements = registrationStatements(env.DB, mailAttempt(context, body.email), user, { ...link, passwordHash, form }, mail);
  }
  if (statements.length) await env.DB.batch(statements);
  await kickOutbox(env);
  return { kind: 'requested' };
}

/** "Send the link again": a pending account's address gets a further link; any other address, nothing. The same answer for all. */
export async function resendConfirmation(context: RegistrationContext, body: z.output<typeof registerResendRequest>): Promise<RegistrationResult> {
  const counted = await countAddress(context, body.altcha);
  if (counted) return counted;
  const [account] = await findAddressAccounts(context.env.DB, context.siteId, body.email);
  const statements = account?.pending ? await knownAddressStatements(context, account, body.email, null) : [];
  if (statements.length) await context.env.DB.batch(statements);
  await kickOutbox(context.env);
  return { kind: 'requested' };
}

/**
 * Staff send a pending account a further confirmation link (the person page, `POST
 * /api/staff/people/{id}/confirmation`): the latest registration's form, under the address's own
 * allowance of registration e-mails, with `people.confirmation.send`. False when that allowance is spent (nothing written), or the
 * account is not pending or has no address to write to.
 */
export async function sendConfirmationAgain(context: MailContext, userId: string, actorId: string): Promise<boolean> {
  const account = await findAddressAccountById(context.env.DB, context.siteId, userId);
  if (!account?.pending || !account.email) return false;
  // Counted under the address as the person's own resends are: staff add no mail to what it may receive.
  const statements = await knownAddressStatements(context, account, account.email.toLowerCase(), null);
  if (!statements.length) return false;
  const audit = eventIfChangedStatement(context.env.DB, context.siteId, actorId, 'people.confirmation.send', userId, context.now);
  const [counted] = await context.env.DB.batch([...statements, audit]);
  await kickOutbox(context.env);
  return (counted?.meta.changes ?? 0) > 0;
}

export type ConfirmRefusal = 'unknown' | 'expired' | 'used';

const REFUSAL_MESSAGES: Record<ConfirmRefusal, AuthMessageKey> = { unknown: 'confirmLinkInvalid', expired: 'confirmLinkExpired', used: 'confirmLinkUsed' };

export function confirmRefusalMessage(reason: ConfirmRefusal, language: Language): string {
  return authMessage(REFUSAL_MESSAGES[reason], language);
}

/** Whether a confirmation link can still be used: the page asks before showing its button. */
export async function checkConfirmationLink(env: Env, siteId: string, token: string, now: number): Promise<ConfirmRefusal | null> {
  const state = await confirmationState(env.DB, siteId, await hashToken(token), now);
  return state.kind === 'valid' ? null : state.kind;
}

export type ConfirmResult = { kind: 'confirmed'; userId: string } | { kind: 'refused'; reason: ConfirmRefusal; message: string };

/**
 * The confirmation link used (`POST /api/auth/register/confirm`, and the page's button): unused,
 * unvoided and within its 24 hours, it activates the account with its registration's password.
 * Of two parallel uses one confirms and the other is told the link was used.
 */
export async function confirm(context: { env: Env; siteId: string; language: Language; now: number }, token: string): Promise<ConfirmResult> {
  const { env, siteId, now, language } = context;
  const tokenHash = await hashToken(token);
  const refusedWith = (reason: ConfirmRefusal): ConfirmResult => ({ kind: 'refused', reason, message: confirmRefusalMessage(reason, language) });
  const state = await confirmationState(env.DB, siteId, tokenHash, now);
  if (state.kind !== 'valid') return refusedWith(state.kind);
  if (await confirmRegistration(env.DB, siteId, tokenHash, state.userId, now)) return { kind: 'confirmed', userId: state.userId };
  const after = await confirmationState(env.DB, siteId, tokenHash, now);
  return refusedWith(after.kind === 'valid' ? 'used' : after.kind);
}
