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

/** open: nobody answered yet; answered: staff replied by e-mail; closed: nothing more to do (no further reply). */
export const SUPPORT_STATUSES = ['open', 'answered', 'closed'] as const;
export const supportStatus = z.enum(SUPPORT_STATUSES);
export type SupportStatus = z.infer<typeof supportStatus>;

export const supportReply = z.object({ message: z.string(), createdAt: z.string(), by: z.string() });

export const supportRequest = z.object({
  id: z.number().int(),
  status: supportStatus,
  replies: z.array(supportReply),
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

export const SUPPORT_PAGE_SIZE = 20;

/** `GET /api/cms/support`: a page of 20, newest first, all or of one status (an empty status is all). */
export const supportQuery = z.object({
  status: z.preprocess((value) => (value === '' ? undefined : value), supportStatus.optional()),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
});
export type SupportQuery = z.output<typeof supportQuery>;

export const supportPage = z.object({
  requests: z.array(supportRequest),
  total: z.number().int(),
  page: z.number().int(),
  pages: z.number().int(),
  pageSize: z.number().int(),
});
export type SupportPage = z.infer<typeof supportPage>;

export const supportParams = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

/** `POST /api/cms/support/{id}/reply`: the reply, e-mailed to the sender; `close` also closes the request. */
export const supportReplyBody = z.object({
  message: z
    .string()
    .trim()
    .min(2)
    .max(5000)
    .superRefine(plainText({ multiline: true })),
  close: z.boolean().default(false),
});
export type SupportReplyBody = z.input<typeof supportReplyBody>;

/** `PUT /api/cms/support/{id}/status`: close a request, or open it again. */
export const supportStatusBody = z.object({ status: supportStatus });
