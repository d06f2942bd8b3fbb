import { z } from 'zod';

/** `GET /api/lms/game/badge` (under the platform API's `_id`). */
export const badge = z.object({
  _id: z.string(),
  name: z.string(),
  description: z.string(),
  icon: z.string(),
  category: z.string().nullable(),
  rule: z.string(),
  threshold: z.number(),
});
export type Badge = z.infer<typeof badge>;

export const level = z.object({
  level: z.number().int(),
  experience: z.number(),
  name: z.string(),
});
export type Level = z.infer<typeof level>;

/** `GET /api/lms/game/progress`: badges keyed by badge id, levels keyed by category id. */
export const progress = z.object({
  badges: z.record(z.string(), z.object({ obtainedAt: z.string(), amount: z.number(), chain: z.number() })),
  levels: z.record(z.string(), z.object({ level: z.number().int(), obtainedAt: z.string(), experience: z.number() })),
});
export type Progress = z.infer<typeof progress>;

/** A level the learner reached, as the profile pages show it. */
export const learnerLevel = z.object({
  categoryId: z.string(),
  category: z.string(),
  level: z.number().int(),
  experience: z.number(),
  obtainedAt: z.number(),
});
export type LearnerLevel = z.infer<typeof learnerLevel>;

/** A badge the learner earned, as the profile pages show it. */
export const learnerBadge = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  icon: z.string(),
  obtainedAt: z.number(),
  amount: z.number(),
});
export type LearnerBadge = z.infer<typeof learnerBadge>;
