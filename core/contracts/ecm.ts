import { z } from 'zod';
import { FISCAL_CODE_SHAPE } from '../ecm/fiscal-code-shape.ts';

/** Request bodies and answers of the ECM calls (assessment, questionnaire, certificates, profile). */

export const courseIdParam = z.string().regex(/^[a-z0-9-]{1,100}$/);
export const attemptIdParam = z.string().regex(/^[a-z0-9]{16,40}$/);

/** `{ answers: { [questionId]: optionId } }`: ids are checked against the attempt by the server. */
export const answersBody = z.object({
  answers: z.record(z.string().regex(/^[a-z0-9-]{1,40}$/), z.string().regex(/^[a-z0-9]{1,40}$/)).refine((answers) => Object.keys(answers).length <= 400),
});

export const ecmProfileBody = z.object({
  fiscalCode: z
    .string()
    .trim()
    .transform((value) => value.toUpperCase())
    .pipe(z.string().regex(FISCAL_CODE_SHAPE)),
  professionId: z.string().regex(/^[a-z0-9-]{1,60}$/),
  disciplineId: z.string().regex(/^[a-z0-9-]{1,60}$/),
});

export type EcmProfileBody = z.infer<typeof ecmProfileBody>;

export interface AssessmentQuestion {
  id: string;
  text: string;
  options: { id: string; text: string }[];
}

/** The learner's open attempt. `attemptsLeft` counts this attempt too; null when unlimited. */
export interface Assessment {
  attemptId: string;
  questions: AssessmentQuestion[];
  answers: Record<string, string>;
  attemptsUsed: number;
  attemptsLeft: number | null;
}

export interface AssessmentResult {
  correct: number;
  total: number;
  score: number;
  passed: boolean;
  /** Attempts still allowed after this one; null when unlimited. */
  attemptsLeft: number | null;
}

/** After passing only: each question with the learner's answer and the correct option. */
export interface ReviewQuestion extends AssessmentQuestion {
  answer: string | null;
  correct: string;
}

export type EcmStep = 'sessions' | 'time' | 'assessment' | 'exhausted' | 'satisfaction' | 'profile' | 'certificate' | 'done';

/** Where a learner stands in an ECM course, for the course page and the ECM page. */
export interface EcmStatus {
  courseId: string;
  credits: number;
  step: EcmStep;
  sessions: { done: number; total: number };
  /** Minutes of tracked learning still missing under the site's time rule (0 when met or off). */
  missingMinutes: number;
  attemptsUsed: number;
  attemptsLeft: number | null;
  lastResult: { correct: number; total: number; score: number; passed: boolean } | null;
  satisfactionDone: boolean;
  /** Registry fields the certificate still needs. */
  missingProfile: ('fiscalCode' | 'professionId' | 'disciplineId')[];
  certificate: CertificateSummary | null;
}

export interface CertificateSummary {
  code: string;
  courseId: string;
  credits: number;
  issuedAt: string;
  completedAt: string;
  courseTitle: string;
}

export interface EcmProfile {
  fiscalCode: string | null;
  professionId: string | null;
  disciplineId: string | null;
}

export interface Profession {
  id: string;
  name: string;
  disciplines: { id: string; name: string }[];
}
