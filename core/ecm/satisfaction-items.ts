/**
 * The satisfaction questionnaire after an ECM course, on the commission's perceived-quality form:
 * relevance, educational quality, usefulness, the time spent against the planned hours, absence
 * of sponsor influence, a free comment and a way to report an anomaly. Scales go from the worst
 * (1) to the best answer, but for the time: 1 much less than planned, 3 as planned, 5 much more.
 * Kept free of zod: the questionnaire's island imports it.
 */
export const SATISFACTION_ITEMS = [
  { key: 'relevance', points: 5 },
  { key: 'quality', points: 5 },
  { key: 'usefulness', points: 5 },
  // 1 = molto inferiore ... 3 = uguale ... 5 = molto superiore alle ore previste
  { key: 'timeAdequacy', points: 5 },
  // 1 = much commercial influence ... 4 = none
  { key: 'commercialInfluence', points: 4 },
] as const;

export type SatisfactionKey = (typeof SATISFACTION_ITEMS)[number]['key'];

export const COMMENT_MAX_LENGTH = 2000;
