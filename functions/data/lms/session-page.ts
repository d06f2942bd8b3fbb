import type { D1Database, D1Result } from '@cloudflare/workers-types';
import type { SessionDetail } from '../../../core/contracts/lms.ts';
import { entryFactsOf, entryFactsStatement, type EntryFacts } from '../people/enrolment.ts';
import { readPageBatch, type PageBatch, type ReadAhead } from '../read-ahead.ts';
import { sessionFromResults, sessionStatements } from './courses.ts';
import { evidenceOf, evidenceStatement, type EvidenceRow } from './evidence.ts';

/** The session page's reading: the live session, and for a learner whether its course lets them in and what the server saw of them there. */
export interface SessionPage {
  session: SessionDetail | null;
  learner: { entry: EntryFacts; evidence: EvidenceRow | null } | null;
}

/** A session's address in its course. */
export interface SessionAt {
  courseId: string;
  moduleNumber: number;
  number: number;
}

/**
 * Everything a session's page reads before a SCORM package or a draft asks for more, in one batch
 * (one round trip, one transaction): the course with the session, and for a learner the course's
 * way in and the session's evidence. Results read ahead for the same arguments are used instead.
 */
export async function readSessionPage(
  db: D1Database,
  siteId: string,
  at: SessionAt,
  locale: string,
  defaultLocale: string,
  userId: string | null,
  ahead?: ReadAhead,
): Promise<SessionPage> {
  return readPageBatch(db, sessionPageBatch(db, siteId, at, locale, defaultLocale, userId), ahead);
}

/** What sessionPageBatch's results were read for: results read ahead serve only a page asking the same. */
export function sessionPageKey(siteId: string, at: SessionAt, locale: string, defaultLocale: string, userId: string | null): string {
  return JSON.stringify(['session-page', siteId, at.courseId, at.moduleNumber, at.number, locale, defaultLocale, userId]);
}

/**
 * readSessionPage's statements, and how to read their results: a signed-in page sends them with its
 * session's read. Only reads.
 */
export function sessionPageBatch(
  db: D1Database,
  siteId: string,
  at: SessionAt,
  locale: string,
  defaultLocale: string,
  userId: string | null,
): PageBatch<SessionPage> {
  const { courseId, moduleNumber, number } = at;
  const session = sessionStatements(db, siteId, courseId, moduleNumber, number, locale, defaultLocale, userId);
  const learner = userId ? [entryFactsStatement(db, courseId, userId), evidenceStatement(db, siteId, userId, courseId, moduleNumber, number)] : [];
  const read = (results: D1Result[]): SessionPage => {
    const [entry, evidence] = results.slice(session.length);
    return {
      session: sessionFromResults(results.slice(0, session.length), courseId, moduleNumber, number),
      learner: userId && entry && evidence ? { entry: entryFactsOf(entry), evidence: evidenceOf(evidence) } : null,
    };
  };
  return { key: sessionPageKey(siteId, at, locale, defaultLocale, userId), statements: [...session, ...learner], read };
}
