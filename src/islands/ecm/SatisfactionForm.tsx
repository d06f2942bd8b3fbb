import { useId, useState, type SubmitEvent } from 'react';
import { COMMENT_MAX_LENGTH, SATISFACTION_ITEMS, type SatisfactionKey } from '../../../core/ecm/satisfaction-items.ts';
import type { Translate } from '../../../core/translate.ts';
import { ApiRequestError, type ApiClient } from '../../lib/api-client.ts';
import './ecm.css';

interface Props {
  api: ApiClient;
  courseId: string;
  t: Translate;
  onSent: (outcome: { certificate: string | null; missingProfile: string[] }) => void;
}

const isComplete = (answers: Partial<Record<SatisfactionKey, number>>): answers is Record<SatisfactionKey, number> =>
  SATISFACTION_ITEMS.every((item) => answers[item.key] !== undefined);

/** The anonymous satisfaction questionnaire on the commission's perceived-quality form: five scales, a comment and an anomaly to report. */
export default function SatisfactionForm({ api, courseId, t, onSent }: Props) {
  const id = useId();
  const [answers, setAnswers] = useState<Partial<Record<SatisfactionKey, number>>>({});
  const [comment, setComment] = useState('');
  const [anomaly, setAnomaly] = useState('');
  const [missing, setMissing] = useState<SatisfactionKey[]>([]);
  const [status, setStatus] = useState<{ kind: 'idle' | 'sending' } | { kind: 'error'; message: string }>({ kind: 'idle' });

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const unanswered = SATISFACTION_ITEMS.filter((item) => answers[item.key] === undefined).map((item) => item.key);
    setMissing(unanswered);
    if (!isComplete(answers)) {
      document.getElementById(`${id}-${unanswered[0] ?? ''}-1`)?.focus();
      return;
    }
    setStatus({ kind: 'sending' });
    try {
      onSent(await api.post('/lms/course/:courseId/satisfaction', { param: { courseId }, json: { ...answers, comment, anomaly } }));
    } catch (error) {
      setStatus({ kind: 'error', message: error instanceof ApiRequestError ? error.message : String(error) });
    }
  }

  return (
    <form className="ecm-satisfaction" onSubmit={(event) => void submit(event)} noValidate aria-labelledby={`${id}-title`} data-testid="satisfaction-form">
      <h2 id={`${id}-title`}>{t('satisfaction.title')}</h2>
      <p>{t('satisfaction.intro')}</p>
      {SATISFACTION_ITEMS.map((item) => {
        const invalid = missing.includes(item.key);
        return (
          <fieldset key={item.key} className="field ecm-scale" aria-describedby={invalid ? `${id}-${item.key}-error` : undefined}>
            <legend>{t(`satisfaction.${item.key}`)}</legend>
            {Array.from({ length: item.points }, (_, i) => i + 1).map((value) => (
              <label key={value} className="choice">
                <input
                  type="radio"
                  id={`${id}-${item.key}-${value}`}
                  name={item.key}
                  value={value}
                  checked={answers[item.key] === value}
                  onChange={() => (setAnswers({ ...answers, [item.key]: value }), setMissing(missing.filter((key) => key !== item.key)))}
                />
                {t(`satisfaction.${item.key}.${value}`)}
              </label>
            ))}
            {invalid && (
              <span className="field-error" id={`${id}-${item.key}-error`}>
                {t('satisfaction.required')}
              </span>
            )}
          </fieldset>
        );
      })}
      <p className="field">
        <label htmlFor={`${id}-comment`}>{t('satisfaction.comment')}</label>
        <textarea
          id={`${id}-comment`}
          name="comment"
          rows={4}
          maxLength={COMMENT_MAX_LENGTH}
          value={comment}
          onChange={(event) => setComment(event.target.value)}
        />
      </p>
      <p className="field">
        <label htmlFor={`${id}-anomaly`}>{t('satisfaction.anomaly')}</label>
        <textarea
          id={`${id}-anomaly`}
          name="anomaly"
          rows={3}
          maxLength={COMMENT_MAX_LENGTH}
          value={anomaly}
          onChange={(event) => setAnomaly(event.target.value)}
          data-testid="satisfaction-anomaly"
        />
      </p>
      <p>
        <button type="submit" disabled={status.kind === 'sending'}>
          {t('satisfaction.submit')}
        </button>
      </p>
      {status.kind === 'error' && (
        <p role="alert" className="field-error">
          {status.message}
        </p>
      )}
    </form>
  );
}
