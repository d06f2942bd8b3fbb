import { z } from 'zod';
import { plainText } from '../contracts/common.ts';
import { COMMENT_MAX_LENGTH } from './satisfaction-items.ts';

export { COMMENT_MAX_LENGTH, SATISFACTION_ITEMS, type SatisfactionKey } from './satisfaction-items.ts';

const scale = (points: number) => z.number().int().min(1).max(points);

/** The questionnaire's answers (`satisfaction-items.ts` lists the items and their scales). */
export const satisfactionBody = z.object({
  relevance: scale(5),
  quality: scale(5),
  usefulness: scale(5),
  timeAdequacy: scale(5),
  commercialInfluence: scale(4),
  comment: z
    .string()
    .trim()
    .max(COMMENT_MAX_LENGTH)
    .superRefine(plainText({ multiline: true }))
    .default(''),
  /** An anomaly the learner reports (content, platform, tracking), anonymous as the rest. */
  anomaly: z
    .string()
    .trim()
    .max(COMMENT_MAX_LENGTH)
    .superRefine(plainText({ multiline: true }))
    .default(''),
});

export type SatisfactionAnswers = z.infer<typeof satisfactionBody>;
