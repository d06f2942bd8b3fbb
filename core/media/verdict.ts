/**
 * Why a file is refused, by what its bytes show: each has its own message for the editor
 * (functions/messages.ts).
 */
export type MediaProblem =
  'empty' | 'too-large' | 'type-not-allowed' | 'type-mismatch' | 'not-pdf' | 'truncated' | 'no-index' | 'malformed' | 'not-utf8' | 'size-mismatch';

/** What a file's structure shows: sound (with what could be read of it) or a problem. */
export type StructureVerdict = { ok: true; durationSeconds?: number | null; width?: number; height?: number } | { ok: false; problem: MediaProblem };

export const refused = (problem: MediaProblem): { ok: false; problem: MediaProblem } => ({ ok: false, problem });
