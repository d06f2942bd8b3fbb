import type { z } from 'zod';
import type { completeRequest, courseParams, positionRequest, progressQuery, sessionParams } from '../../core/contracts/lms.ts';
import type { ApiContext } from '../api-context.ts';
import { findCourse, findSession, type CourseDetail, type SessionDetail } from '../data/lms/courses.ts';
import { inProgress, listLearnerCourses, type LearnerCourse } from '../data/lms/learner.ts';
import { listCourseProgress, type CourseProgress } from '../data/lms/path-courses.ts';
import { findWatch, savePosition } from '../data/lms/positions.ts';
import { recordHits } from '../data/hits/hits.ts';
import type { Completion } from '../data/lms/progress.ts';
import { finishSession } from './finish-session.ts';
import { findSite } from '../data/site/sites.ts';
import { HttpError } from '../http-error.ts';
import { lmsMessage } from './messages.ts';
import { storedPosition } from '../../core/resume.ts';
import { advanceWatch } from '../../core/session-evidence.ts';
import { sessionPath } from '../../core/course-path.ts';
import { detectPlatform } from '../../core/platform.ts';

type SessionParams = { param: z.output<typeof sessionParams> };

async function defaultLocale(context: ApiContext): Promise<string> {
  return (await findSite(context.env.DB, context.siteId))?.defaultLocale ?? 'it-IT';
}

export async function getCourse(context: ApiContext, { param: { courseId: id } }: { param: z.output<typeof courseParams> }): Promise<CourseDetail> {
  const session = await context.requireSession();
  const course = await findCourse(context.env.DB, context.siteId, id, context.localeCode, await defaultLocale(context), session.user.id);
  if (!course) throw new HttpError(404, lmsMessage('courseNotFound', context.language, { id }));
  return course;
}

export async function getSession(context: ApiContext, { param: params }: SessionParams): Promise<SessionDetail> {
  const user = await context.requireSession();
  const found = await findSession(
    context.env.DB,
    context.siteId,
    params.courseId,
    params.module,
    params.session,
    context.localeCode,
    await defaultLocale(context),
    user.user.id,
  );
  if (!found) throw new HttpError(404, lmsMessage('sessionNotFound', context.language, { id: `${params.courseId}/${params.module}/${params.session}` }));
  return found;
}

/**
 * Completes a session on the evidence the server saw (functions/lms/session-evidence.ts): the time
 * the tab counted on the page since its last hit is credited first, as a hit of that page. A SCORM
 * session completes this way only once its package reported every item done (the player asks when
 * the page time it waited for is there: functions/scorm/scorm-completion.ts).
 */
export async function postSessionComplete(
  context: ApiContext,
  { param: params, json: body }: SessionParams & { json: z.output<typeof completeRequest> },
): Promise<Completion> {
  const user = await context.requireSession();
  const ref = { siteId: context.siteId, userId: user.user.id, courseId: params.courseId, moduleNumber: params.module, number: params.session };
  if (body.identity !== undefined && body.ms !== undefined) {
    const ua = (context.request.headers.get('user-agent') ?? '').slice(0, 512);
    await recordHits(context.env.DB, [
      {
        receipt: crypto.randomUUID(),
        siteId: context.siteId,
        userId: user.user.id,
        identity: body.identity,
        ua,
        origin: 'web',
        path: sessionPath(context.localeCode, params.courseId, { moduleNumber: params.module, number: params.session }),
        claimedMs: body.ms,
        device: detectPlatform(ua),
        course: params.courseId,
        module: params.module,
        session: params.session,
        at: context.now,
      },
    ]);
  }
  return finishSession(context.env.DB, ref, context.language, context.localeCode, context.now);
}

export async function getMyCourses(context: ApiContext): Promise<{ inProgress: LearnerCourse[]; completed: LearnerCourse[] }> {
  const session = await context.requireSession();
  const courses = await listLearnerCourses(context.env.DB, context.siteId, session.user.id, context.localeCode, await defaultLocale(context));
  return { inProgress: courses.filter(inProgress), completed: courses.filter((c) => !inProgress(c)) };
}

/** Where the learner stopped in a video session, kept for any device; the player writes it sparingly. */
export async function putSessionPosition(
  context: ApiContext,
  { param: params, json: body }: SessionParams & { json: z.output<typeof positionRequest> },
): Promise<{ seconds: number; updatedAt: number; watchedTo: number }> {
  const user = await context.requireSession();
  const seconds = storedPosition(body.seconds);
  const db = context.env.DB;
  const watch = advanceWatch(await findWatch(db, user.user.id, params.courseId, params.module, params.session), { seconds, at: context.now });
  const saved = await savePosition(db, context.siteId, user.user.id, params.courseId, params.module, params.session, seconds, context.now, watch);
  if (!saved) throw new HttpError(404, lmsMessage('videoSessionNotFound', context.language, { id: `${params.courseId}/${params.module}/${params.session}` }));
  return { seconds, updatedAt: context.now, watchedTo: watch.watchedTo };
}

/**
 * How far the learner is in the given courses (`?ids=a,b`), for pages built once for everyone
 * (learning paths). A visitor gets `signedIn: false` and no figures, not an error.
 */
export async function getCourseProgress(
  context: ApiContext,
  { query }: { query: z.output<typeof progressQuery> },
): Promise<{ signedIn: boolean; courses: CourseProgress[] }> {
  const session = await context.session();
  if (!session) return { signedIn: false, courses: [] };
  return { signedIn: true, courses: await listCourseProgress(context.env.DB, context.siteId, session.user.id, query.ids) };
}
