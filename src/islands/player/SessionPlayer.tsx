import { lazy, Suspense, useEffect, useEffectEvent, useRef, useState, type RefObject } from 'react';
import { ApiRequestError, createApiClient } from '../../lib/api-client.ts';
import type { Completion, SessionDetail } from '../../../core/contracts/lms.ts';
import { translator } from '../../../core/translate.ts';
import { captionLabel } from '../../../core/media/caption-label.ts';
import { clockTime, resumeAt, shouldSavePosition, storedPosition, type SaveReason } from '../../../core/resume.ts';
import type { SessionEvidence } from '../../../core/session-evidence.ts';
import { takePageTime } from '../../lib/hit-beacon.ts';
import { coursePath, sessionPath } from '../../../core/course-path.ts';
import type { ScormCommitted } from '../../../core/contracts/scorm.ts';
import { sessionKey } from '../../../core/course-outline.ts';
import SessionBody from './SessionBody.tsx';
import { useDraftBody } from './use-draft-body.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';
import type { ScormLaunch } from './ScormPlayer.tsx';
import './player.css';

// The SCORM runtime (scorm-again) is downloaded on SCORM sessions only.
const ScormPlayer = lazy(() => import('./ScormPlayer.tsx'));

/** What the player shows of a session: the session answer's contract, without the course progress it gets apart. */
export type PlayerSession = Omit<SessionDetail, 'progress'>;

interface Props {
  session: PlayerSession;
  progress: { done: number; total: number };
  siteId: string;
  locale: string;
  strings: Record<string, string>;
  /** A session of a course not yet published, shown to editors and testers: nothing to complete or resume. */
  preview?: boolean;
  /** A SCORM session's package and the learner's data (src/server/scorm-launch.ts): the package completes the session. */
  scorm?: ScormLaunch | null;
  /** What the server saw of the learner in this session against what completing it asks, or null (preview). */
  evidence?: SessionEvidence | null;
  /** Why the page's plain form (posted without scripts) did not complete the session. */
  refusal?: string | null;
  /** The course's ECM page, for a course with ECM credits: once every session is done, its steps come next. */
  ecmPage?: string | null;
}

type State = { kind: 'idle' } | { kind: 'saving' } | { kind: 'done'; completion: Completion } | { kind: 'failed'; message: string };

/** Plays one session: its content, the way to the previous and next one, and marking it complete. */
export default function SessionPlayer({
  session,
  progress,
  siteId,
  locale,
  strings,
  preview = false,
  scorm = null,
  evidence = null,
  refusal = null,
  ecmPage = null,
}: Props) {
  const t = translator(strings, locale);
  const [state, setState] = useState<State>(refusal ? { kind: 'failed', message: refusal } : { kind: 'idle' });
  const [packageState, setPackageState] = useState<{ answer: ScormCommitted; completedHere: boolean } | null>(null);
  const onCommitted = (answer: ScormCommitted) =>
    setPackageState((before) => ({ answer, completedHere: (before?.completedHere ?? false) || answer.newlyCompleted }));
  const completed = session.completedAt !== null || state.kind === 'done' || packageState?.answer.completed === true;
  // The package runs in the browser only: its player is not rendered on the server, so hydration finds nothing to match.
  const inBrowser = useHydrated();
  // The button the learner pressed disappears: keyboard and screen-reader users land on the outcome.
  const outcome = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (state.kind === 'done') outcome.current?.focus();
  }, [state.kind]);
  const current =
    state.kind === 'done'
      ? state.completion.progress
      : packageState?.completedHere
        ? { done: Math.min(progress.done + 1, progress.total), total: progress.total }
        : progress;
  const score = packageState?.answer.scoreScaled;
  // CMS and tester mode read a drafted text of a published session here, where it will be.
  const draftBody = useDraftBody(sessionKey(session.courseId, session.moduleNumber, session.number), locale);
  const link = (target: { moduleNumber: number; number: number }) => sessionPath(locale, session.courseId, target);
  const video = useRef<HTMLVideoElement>(null);
  const [watchedTo, setWatchedTo] = useState(evidence?.video?.watchedSeconds ?? 0);
  useResume(video, session, siteId, locale, !preview, setWatchedTo);
  const visibleMs = useVisibleTime(evidence !== null && evidence.requiredMs > 0 && !completed);
  // A package that reported every item done before the page's time was there: once the time is,
  // the page brings it and asks, so the session completes here (the server decides, as ever).
  const packageDone = !preview && scorm !== null && packageState !== null && !completed && packageState.answer.itemsDone.length === scorm.runtimes.length;
  const timeMet = evidence !== null && evidence.trackedMs + visibleMs >= evidence.requiredMs;
  // Asked once per page: a refusal shows its reason, and leaving and coming back asks again.
  const asked = useRef(false);
  const settle = useEffectEvent(() => void complete());
  useEffect(() => {
    if (!packageDone || !timeMet || asked.current) return;
    asked.current = true;
    settle();
  }, [packageDone, timeMet]);

  async function complete() {
    setState({ kind: 'saving' });
    try {
      const client = createApiClient({ siteId: () => siteId, localeCode: () => locale });
      // The time counted on this page since its last hit goes with the request, so it counts now.
      const json = takePageTime() ?? {};
      const completion = await client.post('/lms/course/:courseId/session/:module/:session/complete', { param: sessionParam(session), json });
      setState({ kind: 'done', completion });
    } catch (error) {
      setState({ kind: 'failed', message: error instanceof ApiRequestError ? error.message : t('player.failed') });
    }
  }

  return (
    <div className="player" data-kind={session.kind}>
      {session.kind === 'video' && session.mediaUrl && (
        <video
          ref={video}
          controls
          preload="metadata"
          src={session.mediaUrl}
          poster={session.posterUrl ?? undefined}
          className="player-media"
          data-testid="session-video"
        >
          {orderedCaptions(session.captions, locale).map((track, index) => (
            <track
              key={track.locale}
              kind="captions"
              src={track.url}
              srcLang={track.locale.slice(0, 2)}
              label={captionLabel(
                locale,
                track.locale,
                session.captions.map((caption) => caption.locale),
              )}
              default={index === 0 && track.locale === locale}
            />
          ))}
        </video>
      )}
      <section className={`player-content player-${session.kind}`} aria-label={t(`session.kind.${session.kind}`)}>
        {session.kind === 'video' && <h2>{t('player.transcript')}</h2>}
        {session.kind === 'document' && session.mediaUrl && (
          <>
            <iframe src={session.mediaUrl} title={t('player.document')} className="document-frame" data-testid="session-document" />
            <p>
              <a href={session.mediaUrl} download className="button secondary" data-testid="document-download">
                {t('player.download')}
              </a>
            </p>
          </>
        )}
        {session.kind === 'scorm' &&
          (scorm
            ? inBrowser && (
                <Suspense fallback={<p className="muted">{t('player.scormIdle')}</p>}>
                  <ScormPlayer launch={scorm} session={sessionParam(session)} siteId={siteId} locale={locale} strings={strings} onCommitted={onCommitted} />
                </Suspense>
              )
            : !preview && <p className="notice">{t('player.scormMissing')}</p>)}
        <SessionBody body={draftBody ?? session.body} tableLabel={t('session.table')} />
      </section>

      <section className="player-progress" aria-live="polite">
        {evidence && !preview && !completed && evidence.requiredMs > 0 && (
          <EvidenceProgress evidence={evidence} trackedMs={evidence.trackedMs + visibleMs} watchedTo={watchedTo} t={t} />
        )}
        <p data-testid="player-progress">{t('course.progress', { done: current.done, total: current.total })}</p>
        <progress max={current.total} value={current.done} aria-label={t('course.progress', { done: current.done, total: current.total })} />
        {preview ? (
          <p className="notice" data-testid="session-preview">
            {t('player.preview')}
          </p>
        ) : completed ? (
          <p className="badge-done" data-testid="session-completed" ref={outcome} tabIndex={-1}>
            ✓ {t(packageState?.completedHere ? 'player.scormDone' : 'player.completed')}
          </p>
        ) : session.kind === 'scorm' ? (
          <p className="muted" data-testid="scorm-pending">
            {t('player.scormPending')}
          </p>
        ) : (
          // A plain form too: without scripts (or before them) the page completes the session.
          <form
            method="post"
            data-astro-reload
            onSubmit={(event) => {
              event.preventDefault();
              void complete();
            }}
          >
            <button type="submit" disabled={state.kind === 'saving'} data-testid="complete-session">
              {state.kind === 'saving' ? t('player.saving') : t('player.complete')}
            </button>
          </form>
        )}
        {score !== null && score !== undefined && <p data-testid="scorm-score">{t('player.scormScore', { score: Math.round(score * 100) })}</p>}
        {state.kind === 'failed' && (
          <p role="alert" className="field-error">
            {state.message}
          </p>
        )}
        {state.kind === 'done' && state.completion.newlyCompleted && (
          <div className="notice" data-testid="completion-rewards">
            <p>{t('player.experience', { xp: state.completion.level.experience, level: state.completion.level.level })}</p>
            {state.completion.level.levelUp && <p>{t('player.levelUp', { level: state.completion.level.level })}</p>}
            {state.completion.badges.map((badge) => (
              <p key={badge._id}>{t('player.badge', { name: badge.name })}</p>
            ))}
            {state.completion.progress.courseCompleted &&
              (ecmPage ? (
                <p data-testid="completion-ecm">
                  {t('player.courseCompletedEcm')} <a href={ecmPage}>{t('courses.ecmSteps')}</a>
                </p>
              ) : (
                <p>{t('player.courseCompleted')}</p>
              ))}
          </div>
        )}
      </section>

      <nav className="pager" aria-label={t('session.pager')}>
        {session.previous ? (
          <a href={link(session.previous)} rel="prev">
            ← {t('session.previous')}
          </a>
        ) : (
          <span />
        )}
        {session.next ? (
          <a href={link(session.next)} rel="next" data-testid="next-session">
            {t('session.next')} →
          </a>
        ) : (
          <a href={coursePath(locale, session.courseId)}>{t('player.backToCourse')}</a>
        )}
      </nav>
    </div>
  );
}

/**
 * The learner's progress against what completing the session asks: visible time on this page (the
 * server's figure when the page was rendered, plus what this page has counted since) and, for a
 * video, how far the server saw it played. The server decides; this only shows the way there.
 */
function EvidenceProgress({
  evidence,
  trackedMs,
  watchedTo,
  t,
}: {
  evidence: SessionEvidence;
  trackedMs: number;
  watchedTo: number;
  t: ReturnType<typeof translator>;
}) {
  const shown = Math.min(trackedMs, evidence.requiredMs);
  // The requirement rounded up, as the server words what is missing (core/session-evidence.ts): 19.2 s
  // reads 0:20, so "0 min 20 s still needed" never asks for more than the page says is required.
  const time = t('player.evidence.time', { tracked: clockTime(shown / 1000), required: clockTime(Math.ceil(evidence.requiredMs / 1000)) });
  return (
    <div className="player-evidence" data-testid="session-evidence">
      <p>{time}</p>
      <progress max={evidence.requiredMs} value={shown} aria-label={time} />
      {evidence.video && (
        <p data-testid="session-evidence-video">
          {t('player.evidence.video', {
            watched: clockTime(Math.min(watchedTo, evidence.video.requiredSeconds)),
            required: clockTime(evidence.video.requiredSeconds),
          })}
        </p>
      )}
    </div>
  );
}

/**
 * Milliseconds this page has been visible since it was shown, from the clock at each change of
 * visibility (a browser may run a hidden or busy page's timers late); redrawn every second while `running`.
 */
function useVisibleTime(running: boolean): number {
  const [ms, setMs] = useState(0);
  useEffect(() => {
    if (!running) return;
    let counted = 0;
    let since: number | null = document.visibilityState === 'visible' ? Date.now() : null;
    const current = () => counted + (since === null ? 0 : Date.now() - since);
    const onVisibility = () => {
      if (document.visibilityState === 'visible') since ??= Date.now();
      else {
        counted = current();
        since = null;
      }
      setMs(current());
    };
    const timer = window.setInterval(() => setMs(current()), 1000);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [running]);
  return ms;
}

/** The page's locale first, so it is the captions shown by default; the others follow to choose from. */
const orderedCaptions = (captions: PlayerSession['captions'], locale: string) =>
  [...captions].sort((a, b) => Number(b.locale === locale) - Number(a.locale === locale));

/** The session's path parameters in the API's route table. */
const sessionParam = (session: PlayerSession) => ({ courseId: session.courseId, module: session.moduleNumber, session: session.number });

/**
 * Resume where the learner stopped: the video starts at the position kept on the server, and the
 * position is written back sparingly (core/resume.ts): on pause, when the page is hidden or left
 * (a keepalive request that outlives the page), and at most every 20 s while playing.
 */
function useResume(
  video: RefObject<HTMLVideoElement | null>,
  session: PlayerSession,
  siteId: string,
  locale: string,
  enabled: boolean,
  onWatched: (seconds: number) => void,
) {
  // Starting over resets what this sitting has played and last saved, and seeks again: the effect
  // starts only for another session, video element or enabling. The rest it reads from here,
  // current when it starts, and onWatched when a save answers.
  const latest = useRef({ session, siteId, locale, onWatched });
  useEffect(() => {
    latest.current = { session, siteId, locale, onWatched };
  });
  const { kind, courseId, moduleNumber, number } = session;
  useEffect(() => {
    const element = video.current;
    const { session, siteId, locale } = latest.current;
    if (!element || kind !== 'video' || session.kind !== 'video' || !enabled) return;
    const param = sessionParam(session);
    const client = createApiClient({ siteId: () => siteId, localeCode: () => locale });
    // Leaving: a keepalive request, which the browser completes after the page is gone.
    const leaving = createApiClient({ siteId: () => siteId, localeCode: () => locale, fetch: (input, init) => fetch(input, { ...init, keepalive: true }) });
    // The first write while playing comes an interval after the page opened, not at the first frame.
    let last: { seconds: number; at: number } | null = { seconds: session.position ?? 0, at: Date.now() };
    const start = () => {
      const at = resumeAt(session.position, Number.isFinite(element.duration) ? element.duration : null);
      if (at > 0 && element.currentTime < 1) element.currentTime = at;
    };
    // Only a video the learner has played moves the saved position: opening the page and leaving does not.
    let played = false;
    const onPlay = () => {
      played = true;
      // The server measures playing speed from here: every play starts a stretch it times.
      save('play');
    };
    // One write at a time, in order: a play's write (at 0:00) still under way must not land after
    // the pause's (at 0:12) and put the position back. Leaving sends at once: the page is going.
    let writing: Promise<unknown> = Promise.resolve();
    const save = (reason: SaveReason) => {
      if (!played) return;
      const current = { seconds: storedPosition(element.currentTime), at: Date.now() };
      if (!shouldSavePosition(last, current, reason)) return;
      last = current;
      const write = () =>
        (reason === 'leave' ? leaving : client)
          .put('/lms/course/:courseId/session/:module/:session/position', { param, json: { seconds: current.seconds } })
          .then((saved) => latest.current.onWatched(saved.watchedTo))
          .catch(() => undefined);
      writing = reason === 'leave' ? write() : writing.then(write);
    };
    const onTick = () => save('tick');
    const onPause = () => save('pause');
    const onHide = () => document.visibilityState === 'hidden' && save('leave');
    const onLeave = () => save('leave');
    if (element.readyState >= 1) start();
    else element.addEventListener('loadedmetadata', start, { once: true });
    element.addEventListener('play', onPlay);
    element.addEventListener('timeupdate', onTick);
    element.addEventListener('pause', onPause);
    document.addEventListener('visibilitychange', onHide);
    window.addEventListener('pagehide', onLeave);
    // Astro's client router leaves the page without a pagehide.
    document.addEventListener('astro:before-swap', onLeave);
    return () => {
      element.removeEventListener('loadedmetadata', start);
      element.removeEventListener('play', onPlay);
      element.removeEventListener('timeupdate', onTick);
      element.removeEventListener('pause', onPause);
      document.removeEventListener('visibilitychange', onHide);
      window.removeEventListener('pagehide', onLeave);
      document.removeEventListener('astro:before-swap', onLeave);
    };
  }, [video, kind, courseId, moduleNumber, number, enabled]);
}
