import type { PersonDetail } from '../../core/contracts/people.ts';
import { INVITATION_TTL_MS } from '../../core/people-import.ts';
import { EMAIL_PATTERN } from '../../core/user-fields.ts';
import { accountStatements } from '../auth/password-reset.ts';
import { hashPassword } from '../auth/password.ts';
import { sendConfirmationAgain } from '../auth/registration.ts';
import { hashToken, newToken } from '../shared/token.ts';
import { findResetAccounts } from '../data/auth/passwords.ts';
import { acceptInvitation, findKnownPeople, invitationState, resendInvitationStatements } from '../data/people/invitations.ts';
import { findFiscalCodeHolder, isFiscalCodeTaken } from '../data/people/fiscal-code.ts';
import { findPerson, listPeopleByIds } from '../data/people/people.ts';
import { findSite } from '../data/site/sites.ts';
import { kickOutbox, outboxStatement } from '../email/outbox.ts';
import type { Env } from '../env.ts';
import { HttpError } from '../http-error.ts';
import type { Language } from '../messages.ts';
import { fiscalCodeHeld } from './fiscal-code.ts';
import { peopleMessage, type PeopleMessageKey } from './messages.ts';
import { personProblems, writePeople, type PersonInput, type StaffMailContext } from './people-import.ts';
import type { ImportField } from '../../core/people-import.ts';

async function requirePerson(context: StaffMailContext, userId: string): Promise<PersonDetail> {
  const person = await findPerson(context.env.DB, context.actor.siteId, userId);
  if (!person) throw new HttpError(404, peopleMessage('personNotFound', context.language, { id: userId }));
  return person;
}

const isUniqueFailure = (error: unknown) => error instanceof Error && /UNIQUE constraint failed/.test(error.message);

/**
 * Staff create one account: checked as an import's row (names, e-mail, codice fiscale with its
 * check character and consistent with the names, language), refused when the e-mail (or a user
 * code equal to it) or the codice fiscale is someone's already (409, naming whose), else an invited learner whose user code is the e-mail address, with its invitation.
 * A refusal of the fields carries every problem (`problems`); a form passes its labels (`fieldName`)
 * for the messages to name the fields as the reader sees them.
 */
export async function createPerson(
  context: StaffMailContext,
  input: PersonInput,
  fieldName: ((field: ImportField) => string) | null = null,
): Promise<PersonDetail> {
  const { env, actor, language } = context;
  const site = await findSite(env.DB, actor.siteId);
  const defaultLocale = site?.defaultLocale ?? 'it-IT';
  const person = {
    ...input,
    email: input.email.trim().toLowerCase(),
    fiscalCode: input.fiscalCode.trim().toUpperCase(),
    locale: input.locale || defaultLocale,
  };
  const problems = personProblems(person, site?.supportedLocale ?? [defaultLocale], language, fieldName);
  if (problems[0]) throw Object.assign(new HttpError(400, problems[0].message), { problems });
  const known = await findKnownPeople(env.DB, actor.siteId, [person.email], person.fiscalCode ? [person.fiscalCode] : []);
  if (known.some((other) => other.email?.toLowerCase() === person.email || other.code.toLowerCase() === person.email)) {
    throw new HttpError(409, peopleMessage('emailTaken', language, { email: person.email }));
  }
  const holder = known[0];
  if (holder) throw fiscalCodeHeld({ id: holder.id, code: holder.code, firstName: holder.firstName, lastName: holder.lastName }, person.fiscalCode, language);
  const id = crypto.randomUUID();
  const created = {
    id,
    code: person.email,
    firstName: person.firstName,
    lastName: person.lastName,
    email: person.email,
    fiscalCode: person.fiscalCode || null,
    locale: person.locale,
  };
  try {
    await writePeople(context, [created], [], null);
  } catch (error) {
    // Two parallel creations of one codice fiscale, or of one address (the user code is unique): the second is told it is taken.
    const holder = isFiscalCodeTaken(error) ? await findFiscalCodeHolder(env.DB, actor.siteId, person.fiscalCode, null) : null;
    if (holder) throw fiscalCodeHeld(holder, person.fiscalCode, language);
    if (isUniqueFailure(error)) throw new HttpError(409, peopleMessage('emailTaken', language, { email: person.email }));
    throw error;
  }
  return requirePerson(context, id);
}

/** Why a person who is not invited cannot be invited again, by state. */
const notInvited: Record<Exclude<PersonDetail['status'], 'invited'>, PeopleMessageKey> = {
  active: 'invitationNotInvited',
  pending: 'invitationPending',
  suspended: 'personSuspendedFirst',
};

/** Why a person who is not active cannot be sent a new password, by state. */
const notActive: Record<Exclude<PersonDetail['status'], 'active'>, PeopleMessageKey> = {
  invited: 'resetNotActive',
  pending: 'resetPending',
  suspended: 'resetNotActive',
};

/** A further invitation for a person still invited: the older links stop working. */
export async function resendInvitation(context: StaffMailContext, userId: string): Promise<void> {
  const { env, actor, language, now } = context;
  const person = await requirePerson(context, userId);
  if (person.status !== 'invited') throw new HttpError(409, peopleMessage(notInvited[person.status], language));
  const [recipient] = await listPeopleByIds(env.DB, actor.siteId, [userId]);
  if (!recipient?.email || !EMAIL_PATTERN.test(recipient.email)) throw new HttpError(409, peopleMessage('personNoEmail', language));
  const token = newToken();
  const path = `/${recipient.locale}/invitation?${new URLSearchParams({ t: token })}`;
  const values = { name: person.firstName, code: person.code, path, days: INVITATION_TTL_MS / 86_400_000 };
  const mail = await outboxStatement(
    env,
    { siteId: actor.siteId, to: recipient.email, locale: recipient.locale, origin: context.origin, template: 'invitation', values },
    { now, onlyIfPreviousChanged: true },
  );
  const link = { userId, tokenHash: await hashToken(token), expiresAt: now + INVITATION_TTL_MS };
  await env.DB.batch(resendInvitationStatements(env.DB, { siteId: actor.siteId, actorId: actor.id, now }, link, mail));
  await kickOutbox(env);
}

/**
 * Staff send an active person the password reset e-mail a forgotten password sends (single use,
 * an hour, voiding older links), within the account's own allowance of 3 an hour.
 */
export async function sendPasswordReset(context: StaffMailContext, userId: string): Promise<void> {
  const { env, actor, language, now } = context;
  const person = await requirePerson(context, userId);
  if (person.status !== 'active') throw new HttpError(409, peopleMessage(notActive[person.status], language));
  const account = (await findResetAccounts(env.DB, actor.siteId, person.code)).find((candidate) => candidate.id === userId);
  if (!account?.email || !EMAIL_PATTERN.test(account.email)) throw new HttpError(409, peopleMessage('personNoEmail', language));
  if (account.federated) throw new HttpError(409, peopleMessage('personFederated', language));
  const [counted] = await env.DB.batch(
    await accountStatements({ env, siteId: actor.siteId, now, origin: context.origin }, { ...account, email: account.email }),
  );
  if (!counted?.meta.changes) throw new HttpError(429, peopleMessage('resetTooMany', language));
  await kickOutbox(env);
}

/**
 * Staff send a registration waiting for its confirmation a further link (the latest registration's
 * password, names and language), under the address's own allowance of registration e-mails (3 an
 * hour, the person's own resends included): 429 past it.
 */
export async function resendConfirmation(context: StaffMailContext, userId: string): Promise<void> {
  const { env, actor, language, now } = context;
  const person = await requirePerson(context, userId);
  if (person.status === 'suspended') throw new HttpError(409, peopleMessage('personSuspendedFirst', language));
  if (person.status !== 'pending') throw new HttpError(409, peopleMessage('confirmationNotPending', language));
  if (!person.email || !EMAIL_PATTERN.test(person.email)) throw new HttpError(409, peopleMessage('personNoEmail', language));
  if (!(await sendConfirmationAgain({ env, siteId: actor.siteId, now, origin: context.origin }, userId, actor.id))) {
    throw new HttpError(429, peopleMessage('confirmationTooMany', language));
  }
}

export type InvitationRefusal = 'unknown' | 'expired' | 'used';

const REFUSALS: Record<InvitationRefusal, PeopleMessageKey> = {
  unknown: 'invitationLinkInvalid',
  expired: 'invitationLinkExpired',
  used: 'invitationLinkUsed',
};

export function invitationRefusalMessage(reason: InvitationRefusal, language: Language): string {
  return peopleMessage(REFUSALS[reason], language);
}

/** Whether an invitation link can still be used: its page asks before showing the form. */
export async function checkInvitationLink(env: Env, siteId: string, token: string, now: number): Promise<InvitationRefusal | null> {
  const state = await invitationState(env.DB, siteId, await hashToken(token), now);
  return state.kind === 'valid' ? null : state.kind;
}

export type AcceptResult = { kind: 'accepted'; userId: string } | { kind: 'refused'; reason: InvitationRefusal; message: string };

/**
 * The invited person chooses a password through the e-mail's link (`POST /api/auth/invitation`
 * and the invitation page): unused, unvoided and within its week, the link is spent and the
 * account becomes active with that password. Of two parallel uses one wins, the other is told the
 * link was used.
 */
export async function acceptInvitationLink(
  context: { env: Env; siteId: string; language: Language; now: number },
  body: { token: string; password: string },
): Promise<AcceptResult> {
  const { env, siteId, language, now } = context;
  const tokenHash = await hashToken(body.token);
  const refused = (reason: InvitationRefusal): AcceptResult => ({ kind: 'refused', reason, message: invitationRefusalMessage(reason, language) });
  const state = await invitationState(env.DB, siteId, tokenHash, now);
  if (state.kind !== 'valid') return refused(state.kind);
  // Suspended meanwhile: the link is not spent, and works again once staff reactivate the account.
  if ((await findPerson(env.DB, siteId, state.userId))?.status === 'suspended') {
    return { kind: 'refused', reason: 'used', message: peopleMessage('accountSuspended', language) };
  }
  const passwordHash = await hashPassword(body.password, env.PASSWORD_PEPPER);
  if (await acceptInvitation(env.DB, siteId, tokenHash, state.userId, passwordHash, now)) return { kind: 'accepted', userId: state.userId };
  const after = await invitationState(env.DB, siteId, tokenHash, now);
  return refused(after.kind === 'valid' ? 'used' : after.kind);
}
