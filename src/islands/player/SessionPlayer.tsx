import { useEffect, useRef, useState } from 'react';
import { ApiRequestError, createApiClient } from '../../lib/api-client.ts';
import type { Completion, SessionDetail } from '../../../core/contracts/lms.ts';
import { translator } from '../../../core/translate.ts';

/** What the player shows of a session: the session answer's contract, without the course progress it gets apart. */
export type PlayerSession = Omit<SessionDetail, 'progress'>;

interface Props {
  session: PlayerSession;
  progress: { done: number; total: number };
  siteId: string;
  locale: string;
  strings: Record<string, string>;
}

type State = { kind: 'idle' } | { kind: 'saving' } | { kind: 'done'; completion: Completion } | { kind: 'failed'; message: string };

/** Plays one session: its content, the way to the previous and next one, and marking it complete. */
export default function SessionPlayer({ session, progress, siteId, locale, strings }: Props) {
  const t = translator(strings);
  const [state, setState] = useState<State>({ kind: 'idle' });
  const completed = session.completedAt !== null || state.kind === 'done';
  // The button the learner pressed disappears: keyboard and screen-reader users land on the outcome.
  const outcome = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (state.kind === 'done') outcome.current?.focus();
  }, [state.kind]);
  const current = state.kind === 'done' ? state.completion.progress : progress;
  const link = (target: { moduleNumber: number; number: number }) => `/${locale}/course/session/${session.courseId}/${target.moduleNumber}/${target.number}`;
  const paragraphs = session.body.split(/\n{2,}/).filter(Boolean);

  async function complete() {
    setState({ kind: 'saving' });
    try {
      const client = createApiClient({ siteId: () => siteId, localeCode: () => locale });
      const completion = await client.post<Completion>(`/api/lms/course/${session.courseId}/session/${session.moduleNumber}/${session.number}/complete`);
      setState({ kind: 'done', completion });
    } catch (error) {
      setState({ kind: 'failed', message: error instanceof ApiRequestError ? error.message : t('player.failed') });
    }
  }

  return (
    <div className="player" data-kind={session.kind}>
      {session.kind === 'video' && session.mediaUrl && (
        <video controls preload="metadata" src={session.mediaUrl} className="player-media" data-testid="session-video">
          <track kind="captions" src={session.mediaUrl.replace(/\.\w+$/, `.${locale}.vtt`)} srcLang={locale.slice(0, 2)} label={t('player.captions')} default />
        </video>
      )}
      <section className={`player-content player-${session.kind}`} aria-label={t(`session.kind.${session.kind}`)}>
        {session.kind === 'video' && <h2>{t('player.transcript')}</h2>}
        {session.kind === 'document' && (
          <p>
            <button type="button" className="secondary" onClick={() => window.print()}>
              {t('player.print')}
            </button>
          </p>
        )}
        {paragraphs.map((paragraph, index) => (
          <p key={index}>{paragraph}</p>
        ))}
      </section>

      <section className="player-progress" aria-live="polite">
        <p data-testid="player-progress">{t('course.progress', { done: current.done, total: current.total })}</p>
        <progress max={current.total} value={current.done} aria-label={t('course.progress', { done: current.done, total: current.total })} />
        {completed ? (
          <p className="badge-done" data-testid="session-completed" ref={outcome} tabIndex={-1}>
            ✓ {t('player.completed')}
          </p>
        ) : (
          <button type="button" onClick={complete} disabled={state.kind === 'saving'} data-testid="complete-session">
            {state.kind === 'saving' ? t('player.saving') : t('player.complete')}
          </button>
        )}
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
            {state.completion.progress.courseCompleted && <p>{t('player.courseCompleted')}</p>}
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
          <a href={`/${locale}/course/${session.courseId}`}>{t('player.backToCourse')}</a>
        )}
      </nav>
    </div>
  );
}
