import type { D1PreparedStatement } from '@cloudflare/workers-types';
import {
  PASSWORD_WINDOW_MS,
  RESET_LINK_TTL_MS,
  RESET_MAILS_PER_ACCOUNT,
  RESET_REQUESTS_CHECKED,
  RESET_REQUESTS_UNCHECKED,
} from '../../core/password-allowance.ts';
import { localeOrDefault } from '../../core/locale.ts';
import { EMAIL_PATTERN } from '../../core/user-fields.ts';
import { addressKey, clientAddress } from '../client-address.ts';
import {
  completeReset,
  countAttempt,
  countAttemptStatement,
  findResetAccounts,
  resetLinkState,
  resetLinkStatements,
  type CountedAttempt,
  type ResetAccount,
} from '../data/auth/passwords.ts';
import { kickOutbox, outboxStatement } from '../email/outbox.ts';
import type { Env } from '../env.ts';
import type { Language } from '../messages.ts';
import { authMessage, type AuthMessageKey } from './messages.ts';
import { BOT_CHECK_REQUIRED, verifyBotCheck } from './bot-check.ts';
import { providerNames } from './oidc/providers.ts';
import { hashPassword } from './password.ts';
import { assertSessionSecret } from './session-secret.ts';
import { hashToken, newToken } from '../shared/token.ts';

export interface PasswordRequestContext {
  env: Env;
  /** The caller's request: its address is counted. */
  request: Request;
  siteId: string;
  language: Language;
  now: number;
  /** The site's origin as the caller reached it: the e-mail's links start with it. */
  origin: string;
}

export type ForgotResult =
  | { kind: 'requested' }
  | {
      kind: 'refused';
      status: 428 | 429;
      message: string;
      headers: Record<string, string>;
      /** The next request must carry a solved bot check. */ botCheck: boolean;
    };

/** A keyed hash of the caller's address (IPv6 by its /64): enough to count, never the address. */
export async function addressHash(request: Request, secret: string): Promise<string> {
  const encoder = new TextEncoder();
  const key = await crypto.subtle.importKey('raw', encoder.encode(`password-reset-address:${secret}`), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const mac = new Uint8Array(await crypto.subtle.sign('HMAC', key, encoder.encode(addressKey(clientAddress(request)))));
  return [...mac.slice(0, 16)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * The statements of one account's request: a reset link, or, for an account without a password,
 * where to sign in instead. The first counts the request under the account's allowance (3 e-mails
 * an hour); nothing else is written when it did not count. Staff sending a person a reset use it too.
 */
export async function accountStatements(
  context: Pick<PasswordRequestContext, 'env' | 'siteId' | 'now' | 'origin'>,
  account: ResetAccount & { email: string },
): Promise<D1PreparedStatement[]> {
  const { env, siteId, now, origin } = context;
  const attempt: CountedAttempt = {
    id: crypto.randomUUID(),
    siteId,
    scope: 'reset-account',
    key: account.id,
    now,
    since: now - PASSWORD_WINDOW_MS,
    allowance: RESET_MAILS_PER_ACCOUNT,
  };
  const locale = localeOrDefault(account.locale);
  const common = { siteId, to: account.email, locale, origin };
  const options = { now, onlyIfPreviousChanged: true };
  if (account.federated) {
    const values = { name: account.firstName, code: account.code, provider: providerNames(env, account.providers), path: '/tiles-access' };
    return [countAttemptStatement(env.DB, attempt), await outboxStatement(env, { ...common, template: 'password-federated', values }, options)];
  }
  const token = newToken();
  const path = `/${locale}/password/reset?${new URLSearchParams({ t: token })}`;
  const values = { name: account.firstName, code: account.code, path, minutes: RESET_LINK_TTL_MS / 60_000 };
  const mail = await outboxStatement(env, { ...common, template: 'password-reset', values }, options);
  const link = { siteId, userId: account.id, tokenHash: await hashToken(token), now, expiresAt: now + RESET_LINK_TTL_MS };
  return resetLinkStatements(env.DB, attempt, link, mail);
}

/**
 * "Password dimenticata": for the API (`POST /api/auth/password/forgot`) and the page's form.
 * The caller's address is counted first (3 requests an hour without a solved bot check, 20 with
 * one); then every account the user code or e-mail address names gets, within its own allowance,
 * a reset link (single use, an hour, voiding older ones) or, when it signs in through a provider,
 * a message saying so, all in one batch with the e-mails. The answer is the same whether any
 * account was found, had an address, or was over its allowance; an unknown identifier costs the
 * same one batch (it is counted under a hash of what was typed).
 */
export async function requestPasswordReset(context: PasswordRequestContext, body: { identifier: string; altcha?: string }): Promise<ForgotResult> {
  const { env, siteId, now, language } = context;
  const secret = assertSessionSecret(env);
  const solved = body.altcha ? await verifyBotCheck(env.DB, secret, body.altcha, now) : false;
  if (body.altcha && !solved)
    return { kind: 'refused', status: 428, message: authMessage('botCheckInvalid', language), headers: BOT_CHECK_REQUIRED, botCheck: true };
  const since = now - PASSWORD_WINDOW_MS;
  const key = await addressHash(context.request, secret);
  const allowance = solved ? RESET_REQUESTS_CHECKED : RESET_REQUESTS_UNCHECKED;
  if (!(await countAttempt(env.DB, { id: crypto.randomUUID(), siteId, scope: 'reset-address', key, now, since, allowance }))) {
    return solved
      ? {
          kind: 'refused',
          status: 429,
          message: authMessage('resetRequestsTooMany', language),
          headers: { 'retry-after': String(PASSWORD_WINDOW_MS / 1000) },
          botCheck: false,
        }
      : { kind: 'refused', status: 428, message: authMessage('resetNeedsBotCheck', language), headers: BOT_CHECK_REQUIRED, botCheck: true };
  }
  // Only an address that can receive mail: a malformed stored one must not turn the answer into an error that tells.
  const accounts = (await findResetAccounts(env.DB, siteId, body.identifier)).filter(
    (account): account is ResetAccount & { email: string } => !!account.email && EMAIL_PATTERN.test(account.email),
  );
  const statements = (await Promise.all(accounts.map((account) => accountStatements(context, account)))).flat();
  if (!statements.length) {
    const typed = `unknown:${await hashToken(body.identifier.toLowerCase())}`;
    statements.push(
      countAttemptStatement(env.DB, { id: crypto.randomUUID(), siteId, scope: 'reset-account', key: typed, now, since, allowance: RESET_MAILS_PER_ACCOUNT }),
    );
  }
  await env.DB.batch(statements);
  await kickOutbox(env);
  return { kind: 'requested' };
}

export type ResetRefusal = 'unknown' | 'expired' | 'used';

const REFUSAL_MESSAGES: Record<ResetRefusal, AuthMessageKey> = { unknown: 'resetLinkInvalid', expired: 'resetLinkExpired', used: 'resetLinkUsed' };

export function resetRefusalMessage(reason: ResetRefusal, language: Language): string {
  return authMessage(REFUSAL_MESSAGES[reason], language);
}

/** Whether a reset link can still be used: the reset page asks before showing its form. */
export async function checkResetLink(env: Env, siteId: string, token: string, now: number): Promise<ResetRefusal | null> {
  const state = await resetLinkState(env.DB, siteId, await hashToken(token), now);
  return state.kind === 'valid' ? null : state.kind;
}

export type ResetResult = { kind: 'reset'; userId: string } | { kind: 'refused'; reason: ResetRefusal; message: string };

/**
 * A new password through a reset link, for the API (`POST /api/auth/password/reset`) and the
 * reset page: the link must be unused, not voided and within its hour; the reset spends it, voids
 * the user's other links and ends every session (functions/data/auth/passwords.ts). Of two
 * parallel uses of one link, one resets and the other is told the link was used.
 */
export async function resetPassword(
  context: Omit<PasswordRequestContext, 'request' | 'origin'>,
  body: { token: string; password: string },
): Promise<ResetResult> {
  const { env, siteId, now, language } = context;
  const tokenHash = await hashToken(body.token);
  const refused = (reason: ResetRefusal): ResetResult => ({ kind: 'refused', reason, message: resetRefusalMessage(reason, language) });
  const state = await resetLinkState(env.DB, siteId, tokenHash, now);
  if (state.kind !== 'valid') return refused(state.kind);
  const passwordHash = await hashPassword(body.password, env.PASSWORD_PEPPER);
  if (await completeReset(env.DB, siteId, tokenHash, state.userId, passwordHash, now)) return { kind: 'reset', userId: state.userId };
  const after = await resetLinkState(env.DB, siteId, tokenHash, now);
  return refused(after.kind === 'valid' ? 'used' : after.kind);
}
