import { z } from 'zod';
import { isSafeReturnPath } from '../return-path.ts';
import { localeCode } from './common.ts';

/** Longest password accepted (ASVS: 64 or more); longer input is refused before any hashing. */
export const PASSWORD_MAX_LENGTH = 128;

export const loginRequest = z.object({
  cu: z.string().trim().min(1).max(64),
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

export const GENDERS = ['m', 'f', 'n'] as const;
export const gender = z.enum(GENDERS);
export type Gender = z.infer<typeof gender>;
/** The interface offers maschile, femminile, neutro; D1 stores m, f, n (SPEC section 3). */
export const GENDER_NAMES = { m: 'maschile', f: 'femminile', n: 'neutro' } as const;
export type GenderName = (typeof GENDER_NAMES)[Gender];

/** The user as the API returns it (SPEC section 3): never the password hash. */
export const user = z.object({
  _id: z.string(),
  code: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  locale: z.string(),
  role: z.array(z.string()),
  fields: z.object({ gender }),
  federated: z.array(z.object({ provider: z.string(), federatedId: z.string() })),
});
export type User = z.infer<typeof user>;

export const NAME_MAX_LENGTH = 80;
export const EMAIL_MAX_LENGTH = 254;
export const PHONE_MIN_DIGITS = 6;
export const PHONE_MAX_DIGITS = 15;
/** The phone's three rules, each its own check so a form can say which one failed. */
export const PHONE_RULES = {
  numbers: /^\+?[0-9]*$/,
  minLength: new RegExp(`^\\+?[0-9]{${PHONE_MIN_DIGITS},}$`),
  maxLength: new RegExp(`^\\+?[0-9]{0,${PHONE_MAX_DIGITS}}$`),
} as const;

const personName = z.string().trim().min(1).max(NAME_MAX_LENGTH);
/** An optional text: `""` and null both clear it, so they are stored as null. */
const clearable = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullable()
    .transform((value) => (value ? value : null));

/**
 * `PUT /api/auth/user`: every field may be left out, and a field left out keeps its stored value.
 * A field sent is changed: `email` and `phone` are cleared by `""` or null; first and last name,
 * locale and gender cannot be cleared (they always have a value). Role, code and ids in the body
 * are ignored, never written.
 */
export const userUpdateRequest = z.object({
  firstName: personName.optional(),
  lastName: personName.optional(),
  email: clearable(EMAIL_MAX_LENGTH).pipe(z.email().nullable()).optional(),
  phone: clearable(20)
    .pipe(z.string().regex(PHONE_RULES.numbers).regex(PHONE_RULES.minLength).regex(PHONE_RULES.maxLength).nullable())
    .optional(),
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
