import { z } from 'zod';
import { isSafeReturnPath } from '../return-path.ts';
import { EMAIL_MAX_LENGTH, EMAIL_PATTERN, GENDER_NAMES, GENDERS, NAME_MAX_LENGTH, PHONE_RULES } from '../user-fields.ts';
import { localeCode, plainText } from './common.ts';
import { PASSWORD_MAX_LENGTH } from '../password-policy.ts';

export * from '../user-fields.ts';

/** Longest password accepted (ASVS: 64 or more); longer input is refused before any hashing. */
export { PASSWORD_MAX_LENGTH };

export const loginRequest = z.object({
  /** A user code or an e-mail address. */
  cu: z.string().trim().min(1).max(EMAIL_MAX_LENGTH),
  cp: z.string().min(1).max(PASSWORD_MAX_LENGTH),
  ua: z.string().max(512).optional(),
  /** The solved bot check (ALTCHA payload), needed after repeated failures. */
  altcha: z.string().max(8192).optional(),
});
export type LoginRequest = z.infer<typeof loginRequest>;

/** `POST /api/auth/federated/login`: the provider's ID token, and where to go afterwards (same origin only). */
export const federatedLoginRequest = z.object({
  provider: z.string().regex(/^[a-z0-9-]{1,32}$/),
  token: z.string().min(1).max(8192),
  returnTo: z.string().max(512).default('/').refine(isSafeReturnPath, 'must be a same-origin relative path'),
});

export const gender = z.enum(GENDERS);

/** The user as the API returns it: never the password hash. */
export const user = z.object({
  _id: z.string(),
  code: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  locale: z.string(),
  role: z.array(z.string()),
  /** null until the user says (a provider's new account, a registration). */
  fields: z.object({ gender: gender.nullable() }),
  federated: z.array(z.object({ provider: z.string(), federatedId: z.string() })),
  /** An address the user asked to change to and has not confirmed yet (its link is in that mailbox): `email` stays until then. */
  pendingEmail: z.string().nullable(),
});
/** The wire shape of core/user.ts's `User` (the spec's `_id`, `role`, `fields`, and the identity providers it signs in with). */
export type ApiUser = z.infer<typeof user>;

const personName = z.string().trim().min(1).max(NAME_MAX_LENGTH).superRefine(plainText());
/** An optional text: `""` and null both clear it, so they are stored as null. */
const clearable = (max?: number) =>
  (max === undefined ? z.string().trim() : z.string().trim().max(max))
    .superRefine(plainText())
    .nullable()
    .transform((value) => (value ? value : null));

/**
 * `PUT /api/auth/user`: every field may be left out, and a field left out keeps its stored value.
 * A field sent is changed: `email` and `phone` are cleared by `""` or null; a new `email` is not
 * set but sent a confirmation link (the answer's `pendingEmail`), and becomes the account's when it is followed; first and last name,
 * locale and gender cannot be cleared (gender is null only until first given). Role, code and ids in the body
 * are ignored, never written.
 */
export const userUpdateRequest = z.object({
  firstName: personName.optional(),
  lastName: personName.optional(),
  email: clearable(EMAIL_MAX_LENGTH)
    .pipe(z.email({ pattern: EMAIL_PATTERN }).nullable())
    .optional(),
  // No length of its own: the digit rules bound it, and each says what is wrong.
  phone: clearable().pipe(z.string().regex(PHONE_RULES.numbers).regex(PHONE_RULES.minLength).regex(PHONE_RULES.maxLength).nullable()).optional(),
  locale: localeCode.optional(),
  fields: z.object({ gender: z.enum([...Object.values(GENDER_NAMES), ...GENDERS]).optional() }).optional(),
});
export type UserUpdateRequest = z.input<typeof userUpdateRequest>;

export const logoutOutcome = z.object({
  /** Where the browser goes next: the provider's logout page for Medikey federations. */
  redirect: z.string().nullable(),
});
export type LogoutOutcome = z.infer<typeof logoutOutcome>;

export const logoutAllOutcome = z.object({ revoked: z.number().int() });

/** An ALTCHA challenge (altcha-lib's v2 `Challenge`), solved by the widget. */
export const botChallenge = z.object({
  parameters: z.object({
    algorithm: z.string(),
    nonce: z.string(),
    salt: z.string(),
    cost: z.number(),
    keyLength: z.number(),
    keyPrefix: z.string(),
    keySignature: z.string().optional(),
    memoryCost: z.number().optional(),
    parallelism: z.number().optional(),
    expiresAt: z.number().optional(),
    data: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).optional(),
  }),
  signature: z.string().optional(),
  codeChallenge: z.object({ image: z.string(), audio: z.string().optional(), length: z.number().optional() }).optional(),
});

export const federatedLoginOutcome = z.object({ user, redirect: z.string() });
