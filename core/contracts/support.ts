import { z } from 'zod';
import { printableLine } from '../plain-text.ts';
import { plainText } from './common.ts';

/**
 * The error screen's reference, which the form carries hidden (its reader never typed it and
 * could not correct it): cleaned of control and invisible characters rather than refused.
 */
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((value) => (value && printableLine(value).trim()) || null);

/** `POST /api/support`: the support form, with the error screen's c, e, p, r and a solved bot check. */
export const supportRequestBody = z.object({
  name: z.string().trim().min(2).max(120).superRefine(plainText()),
  email: z.string().trim().max(254).superRefine(plainText()).pipe(z.email()),
  // A message may keep its line breaks and tabs, nothing else of the control range.
  message: z
    .string()
    .trim()
    .min(10)
    .max(5000)
    .superRefine(plainText({ multiline: true })),
  c: optionalText(10),
  e: optionalText(500),
  p: optionalText(500),
  /** The request id the error screen showed (its log line). */
  r: optionalText(64),
  altcha: z.string().min(1).max(8192),
});
export type SupportRequestBody = z.input<typeof supportRequestBody>;

export const supportRequest = z.object({
  id: z.number().int(),
  locale: z.string(),
  name: z.string(),
  email: z.string(),
  message: z.string(),
  c: z.string().nullable(),
  e: z.string().nullable(),
  p: z.string().nullable(),
  r: z.string().nullable(),
  createdAt: z.string(),
  signedIn: z.boolean(),
});
export type SupportRequest = z.infer<typeof supportRequest>;

export const createdSupportRequest = z.object({ id: z.number().int() });
