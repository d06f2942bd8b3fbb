import { useEffect, useMemo, useRef, useState } from 'react';
import type { AssessmentResult, CertificateSummary, EcmStatus, ReviewQuestion } from '../../../core/contracts/ecm.ts';
import { PASS_PERCENT } from '../../../core/ecm/assessment-rules.ts';
import { ecmStepMessage } from '../../../core/ecm/step-message.ts';
import { sessionPath } from '../../../core/course-path.ts';
import { translator } from '../../../core/translate.ts';
import { ApiRequestError, createApiClient } from '../../lib/api-client.ts';
import { certificatePdfUrl } from '../../lib/api-url.ts';
import AnswersReview from './AnswersReview.tsx';
import AssessmentForm from './AssessmentForm.tsx';
import EcmProfileForm from './EcmProfileForm.tsx';
import SatisfactionForm from './SatisfactionForm.tsx';
import './ecm.css';

interface Props {
  courseId: string;
  siteId: string;
  locale: string;
  status: EcmStatus;
  /** The last attempt's result when it failed and no other is open: shown first, with "Inizia un nuovo tentativo" while attempts are left. */
  lastFailed: AssessmentResult | null;
  /** Once passed, the passed attempt's review, read by the server: the result and the answers stay there to see again, without scripts. */
  passedReview: ReviewQuestion[] | null;
  strings: Record<string, string>;
}

type View =
  | { kind: 'blocked'; message: string }
  | { kind: 'assessment'; round: number }
  | { kind: 'result'; result: AssessmentResult }
  | { kind: 'satisfaction' }
  | { kind: 'profile' }
  | { kind: 'certificate' }
  | { kind: 'done'; certificate: CertificateSummary };

/**
 * The ECM steps of a course, in the order the rules impose: the learning assessment (once every
 * session is complete), the anonymous satisfaction questionnaire after passing, the registry
 * fields if missing, then the certificate.
 */
export default function EcmJourney({ courseId, siteId, locale, status, lastFailed, passedReview, strings }: Props) {
  const t = translator(strings, locale);
  const api = useMemo(() => createApiClient({ siteId: () => siteId, localeCode: () => locale }), [siteId, locale]);
  const [view, setView] = useState<View>(() => (lastFailed ? { kind: 'result', result: lastFailed } : initialView(status, t)));
  const [review, setReview] = useState<ReviewQuestion[] | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  // Each step replaces the previous one: keyboard and screen-reader users are taken to its heading.
  const heading = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);
  useEffect(() => {
    if (moved.current) heading.current?.focus();
    moved.current = true;
  }, [view]);

  const issue = async () => {
    setProblem(null);
    try {
      setView({ kind: 'done', certificate: await api.post('/lms/course/:courseId/certificate', { param: { courseId } }) });
    } catch (error) {
      setProblem(error instanceof ApiRequestError ? error.message : String(error));
    }
  };
  const loadReview = async () => {
    try {
      setReview((await api.get('/lms/course/:courseId/assessment/review', { param: { courseId } })).questions);
    } catch (error) {
      setProblem(error instanceof ApiRequestError ? error.message : String(error));
    }
  };
  const date = (iso: string) => new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'Europe/Rome' }).format(new Date(iso));

  const passedResult = passedReview && status.lastResult?.passed ? status.lastResult : null;
  const resultFacts = (submittedAt: string) => (
    <p className="muted" data-testid="assessment-result-facts">
      {t('ecm.resultFacts', { passMark: PASS_PERCENT, date: date(submittedAt) })}
    </p>
  );

  return (
    <div className="ecm-journey" data-testid="ecm-journey" data-step={view.kind}>
      {passedResult && passedReview && view.kind !== 'result' && (
        <section aria-labelledby="ecm-passed-result" data-testid="assessment-last-result" data-passed="true">
          <h2 id="ecm-passed-result">{t('ecm.passed', { correct: passedResult.correct, total: passedResult.total, score: passedResult.score })}</h2>
          {resultFacts(passedResult.submittedAt)}
          <details className="ecm-review-details">
            <summary>{t('ecm.reviewAnswers')}</summary>
            <AnswersReview questions={passedReview} t={t} />
          </details>
        </section>
      )}
      {view.kind === 'blocked' && (
        <p className="notice" data-testid="ecm-blocked">
          {view.message}
        </p>
      )}
      {view.kind === 'assessment' && (
        <AssessmentForm key={view.round} api={api} courseId={courseId} locale={locale} t={t} onResult={(result) => setView({ kind: 'result', result })} />
      )}
      {view.kind === 'result' && (
        <section aria-labelledby="ecm-result" data-testid="assessment-result" data-passed={view.result.passed}>
          <h2 id="ecm-result" tabIndex={-1} ref={heading}>
            {t(view.result.passed ? 'ecm.passed' : 'ecm.failed', { correct: view.result.correct, total: view.result.total, score: view.result.score })}
          </h2>
          {resultFacts(view.result.submittedAt)}
          {view.result.passed ? (
            <>
              <p>
                <button type="button" className="secondary" onClick={() => void loadReview()} disabled={review !== null}>
                  {t('ecm.review')}
                </button>
              </p>
              {review && <AnswersReview questions={review} t={t} />}
              <p>
                <button type="button" onClick={() => setView({ kind: 'satisfaction' })}>
                  {t('ecm.toSatisfaction')}
                </button>
              </p>
            </>
          ) : (
            <>
              <p>{t('ecm.failedHint')}</p>
              {view.result.review.length > 0 && (
                <>
                  <h3>{t('ecm.reviewSessions')}</h3>
                  <ul data-testid="assessment-review-sessions">
                    {view.result.review.map((session) => (
                      <li key={`${session.moduleNumber}.${session.number}`}>
                        <a href={sessionPath(locale, courseId, session)}>{t('ecm.reviewSession', { module: session.modulePosition, title: session.title })}</a>
                      </li>
                    ))}
                  </ul>
                </>
              )}
              {view.result.attemptsLeft === 0 ? (
                <p className="notice">{t('ecm.exhausted')}</p>
              ) : (
                <p>
                  {view.result.attemptsLeft !== null && <span className="muted">{t('ecm.attemptsLeft', { left: view.result.attemptsLeft })} </span>}
                  <button type="button" onClick={() => setView({ kind: 'assessment', round: Date.now() })}>
                    {t('ecm.retry')}
                  </button>
                </p>
              )}
            </>
          )}
        </section>
      )}
      {view.kind === 'satisfaction' && (
        <SatisfactionForm
          api={api}
          courseId={courseId}
          t={t}
          onSent={(sent) => (sent.certificate ? void issue() : setView({ kind: sent.missingProfile.length ? 'profile' : 'certificate' }))}
        />
      )}
      {view.kind === 'profile' && (
        <section data-testid="ecm-profile-step">
          <p role="status">{t('satisfaction.sent')}</p>
          <EcmProfileForm api={api} t={t} heading={t('ecmProfile.title')} intro={t('ecmProfile.intro')} onSaved={() => void issue()} />
        </section>
      )}
      {view.kind === 'certificate' && (
        <section aria-labelledby="ecm-certificate">
          <h2 id="ecm-certificate" tabIndex={-1} ref={heading}>
            {t('ecm.certificateTitle')}
          </h2>
          <button type="button" onClick={() => void issue()}>
            {t('ecm.issue')}
          </button>
        </section>
      )}
      {view.kind === 'done' && (
        <section aria-labelledby="ecm-done" data-testid="ecm-certificate">
          <h2 id="ecm-done" tabIndex={-1} ref={heading}>
            {t('ecm.certificateTitle')}
          </h2>
          <p>{t('ecm.issued', { credits: view.certificate.credits, date: date(view.certificate.completedAt) })}</p>
          <p>
            <a href={certificatePdfUrl(view.certificate.code, locale)} download data-testid="certificate-download">
              {t('ecm.downloadCertificate')}
            </a>
          </p>
          <p>
            <a href={`/${locale}/profile/ecm-credits`}>{t('ecm.toCredits')}</a>
          </p>
        </section>
      )}
      {problem && (
        <p role="alert" className="field-error">
          {problem}
        </p>
      )}
    </div>
  );
}

function initialView(status: EcmStatus, t: (key: string, values?: Record<string, string | number>) => string): View {
  const message = ecmStepMessage(status);
  if (message?.kind === 'blocked') return { kind: 'blocked', message: t(message.key, message.values) };
  switch (status.step) {
    case 'sessions':
    case 'time':
    case 'exhausted':
    case 'assessment':
      return { kind: 'assessment', round: 0 };
    case 'satisfaction':
      return { kind: 'satisfaction' };
    case 'profile':
      return { kind: 'profile' };
    case 'certificate':
      return { kind: 'certificate' };
    case 'done':
      return status.certificate ? { kind: 'done', certificate: status.certificate } : { kind: 'certificate' };
  }
}
