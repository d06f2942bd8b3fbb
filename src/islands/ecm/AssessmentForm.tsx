import { useEffect, useId, useRef, useState, type SubmitEvent } from 'react';
import type { Assessment, AssessmentResult } from '../../../core/contracts/ecm.ts';
import { pluralForm } from '../../../core/plural.ts';
import type { Translate } from '../../../core/translate.ts';
import { ApiRequestError, type ApiClient } from '../../lib/api-client.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';
import './ecm.css';

interface Props {
  api: ApiClient;
  courseId: string;
  locale: string;
  t: Translate;
  onResult: (result: AssessmentResult) => void;
}

type State = { kind: 'loading' } | { kind: 'refused'; message: string } | { kind: 'answering'; assessment: Assessment };

/**
 * One attempt of the learning assessment: the questions in the order the server drew, answers
 * saved on the server as they are given (so the attempt can be left and resumed), then submitted.
 */
export default function AssessmentForm({ api, courseId, locale, t, onResult }: Props) {
  const id = useId();
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [answers, setAnswers] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState<'idle' | 'saving' | 'saved' | 'submitting'>('idle');
  const [problem, setProblem] = useState<string | null>(null);
  // Saves run one after the other, each sending the answers as they are when it starts: the last word wins.
  const chain = useRef<Promise<unknown>>(Promise.resolve());
  const latest = useRef(answers);
  // The questions come from the API once the island runs: without scripts the page's note says so.
  const hydrated = useHydrated();

  useEffect(() => {
    api.get('/lms/course/:courseId/assessment', { param: { courseId } }).then(
      (assessment) => (setState({ kind: 'answering', assessment }), setAnswers(assessment.answers), (latest.current = assessment.answers)),
      (error: Error) => setState({ kind: 'refused', message: error.message }),
    );
  }, [api, courseId]);

  if (state.kind === 'loading') return hydrated ? <p className="muted">{t('ecm.loading')}</p> : null;
  if (state.kind === 'refused')
    return (
      <p role="alert" className="field-error">
        {state.message}
      </p>
    );
  const { assessment } = state;
  const total = assessment.questions.length;
  const answered = assessment.questions.filter((question) => answers[question.id]).length;

  const save = (explicit = false) => {
    chain.current = chain.current
      .then(() =>
        api.put('/lms/course/:courseId/assessment/:attemptId', { param: { courseId, attemptId: assessment.attemptId }, json: { answers: latest.current } }),
      )
      .then(
        () => explicit && setSaving('saved'),
        (error: Error) => setProblem(error.message),
      );
    return chain.current;
  };

  const choose = (questionId: string, optionId: string) => {
    const next = { ...latest.current, [questionId]: optionId };
    latest.current = next;
    setAnswers(next);
    setSaving('idle');
    setProblem(null);
    void save();
  };

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const open = assessment.questions.filter((question) => !latest.current[question.id]);
    if (open[0]) {
      setProblem(t(`ecm.unanswered.${pluralForm(open.length, locale)}`, { count: open.length }));
      document.getElementById(`${id}-${open[0].id}-0`)?.focus();
      return;
    }
    setSaving('submitting');
    try {
      await chain.current;
      onResult(
        await api.post('/lms/course/:courseId/assessment/:attemptId/submit', {
          param: { courseId, attemptId: assessment.attemptId },
          json: { answers: latest.current },
        }),
      );
    } catch (error) {
      setSaving('idle');
      setProblem(error instanceof ApiRequestError ? error.message : String(error));
    }
  }

  return (
    <form className="ecm-assessment" onSubmit={(event) => void submit(event)} noValidate data-testid="assessment-form" data-attempt={assessment.attemptId}>
      <p>{t('ecm.rules', { total })}</p>
      <p className="muted" data-testid="assessment-attempts">
        {assessment.attemptsLeft === null ? t('ecm.attemptsUnlimited') : t('ecm.attemptsLeft', { left: assessment.attemptsLeft })}
      </p>
      <ol className="ecm-questions">
        {assessment.questions.map((question, n) => (
          <li key={question.id}>
            <fieldset className="ecm-question" data-testid="assessment-question">
              <legend>
                <span className="visually-hidden">{t('ecm.question', { n: n + 1, total })}: </span>
                {question.text}
              </legend>
              {question.options.map((option, o) => (
                <label key={option.id} className="ecm-option">
                  <input
                    type="radio"
                    id={`${id}-${question.id}-${o}`}
                    name={`${id}-${question.id}`}
                    value={option.id}
                    checked={answers[question.id] === option.id}
                    onChange={() => choose(question.id, option.id)}
                  />
                  {option.text}
                </label>
              ))}
            </fieldset>
          </li>
        ))}
      </ol>
      <p aria-live="polite" data-testid="assessment-answered">
        {t('ecm.answered', { count: answered, total })}
      </p>
      <p className="ecm-actions">
        <button type="submit" disabled={saving === 'submitting'}>
          {saving === 'submitting' ? t('ecm.submitting') : t('ecm.submit')}
        </button>
        <button type="button" className="secondary" onClick={() => (setSaving('saving'), void save(true))}>
          {t('ecm.saveLater')}
        </button>
      </p>
      <p role="status" data-testid="assessment-saved">
        {saving === 'saved' ? t('ecm.saved') : ''}
      </p>
      {problem && (
        <p role="alert" className="field-error">
          {problem}
        </p>
      )}
    </form>
  );
}
