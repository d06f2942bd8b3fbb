/**
 * The satisfaction questionnaire after an ECM course, on the commission's model of perceived
 * quality: relevance, educational quality, usefulness, adequacy of the time, absence of
 * commercial influence, and a free comment. Scales go from the worst (1) to the best answer.
 * Kept free of zod: the questionnaire's island imports it.
 */
export const SATISFACTION_ITEMS = [
  { key: 'relevance', points: 5 },
  { key: 'quality', points: 5 },
  { key: 'usefulness', points: 5 },
  { key: 'timeAdequacy', points: 5 },
  // 1 = much commercial influence ... 4 = none
  { key: 'commercialInfluence', points: 4 },
] as const;

export type SatisfactionKey = (typeof SATISFACTION_ITEMS)[number]['key'];

export const COMMENT_MAX_LENGTH = 2000;
