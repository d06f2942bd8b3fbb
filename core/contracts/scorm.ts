import { z } from 'zod';

/**
 * A commit's largest body. The CMI object travels whole (to restore it as it was), and SCORM lets
 * a package keep far more than a JSON body's usual 64 KiB: 64,000 characters of suspend data alone
 * in 2004, plus up to 250 interactions and 100 objectives with their texts. 1 MiB holds any
 * package's real data and keeps the stored row well under D1's 2 MB.
 */
export const SCORM_COMMIT_BYTES = 1024 * 1024;

const cmiObject = z.record(z.string(), z.unknown());

/**
 * `PUT /api/lms/course/{id}/session/{m}/{s}/scorm`: a commit of the SCORM runtime, its CMI data
 * (`cmi` root content) and the page's commit number: an older commit arriving after a newer one
 * (a retry) changes nothing.
 */
export const scormCommit = z.object({
  sequence: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
  /** Which sitting of the page sent it: the sequence restarts with each. */
  attempt: z.string().regex(/^[0-9a-f]{8,32}$/),
  cmi: cmiObject,
  /** The manifest item (SCO) whose runtime sent it, by its key (core/scorm/manifest.ts `itemKey`); absent: the first item. */
  item: z.string().max(200).optional(),
});
export type ScormCommit = z.infer<typeof scormCommit>;

/** What the server kept of the commit's item, and whether the session is now complete. */
export const scormCommitted = z.object({
  completion: z.string(),
  success: z.string(),
  scoreScaled: z.number().nullable(),
  /** The package says the learner is done, so the session is complete (core/scorm/runtime.ts `packageDone`). */
  completed: z.boolean(),
  /** This commit completed it. */
  newlyCompleted: z.boolean(),
  /** The keys of the package's items the learner has done (all of them complete the session). */
  itemsDone: z.array(z.string()),
});
export type ScormCommitted = z.infer<typeof scormCommitted>;

/**
 * `POST /api/lms/course/{id}/session/{m}/{s}/scorm/grant`: a fresh signed address for the session's
 * package on the content origin, for a session page left open until its grant nears expiry
 * (functions/scorm/content-grant.ts), and how many seconds from now it stays valid.
 */
export const scormGrant = z.object({ grant: z.string(), validSeconds: z.number().int() });
export type ScormGrant = z.infer<typeof scormGrant>;

/** What a learner's package last reported for one item of a SCORM session (the staff report's and "I miei corsi"'s rows). */
export const scormSessionState = z.object({
  module: z.number().int(),
  session: z.number().int(),
  /** The manifest item's identifier in a package of several items; '' for a package of one. */
  item: z.string(),
  completion: z.string(),
  success: z.string(),
  scoreScaled: z.number().nullable(),
});
export type ScormSessionState = z.infer<typeof scormSessionState>;
