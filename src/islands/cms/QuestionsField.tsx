import { newQuestion, type BankQuestionForm } from '../../lib/cms-form.ts';
import type { Translate } from '../../../core/translate.ts';

interface Props {
  id: string;
  label: string;
  questions: BankQuestionForm[];
  onChange: (questions: BankQuestionForm[]) => void;
  t: Translate;
}

const LETTERS = ['A', 'B', 'C', 'D'];

/**
 * An ECM question bank: each question with its four options and the one correct answer (a radio
 * group). Shown in CMS mode only; the server checks the rules again and names what breaks them.
 */
export default function QuestionsField({ id, label, questions, onChange, t }: Props) {
  const update = (index: number, change: Partial<BankQuestionForm>) =>
    onChange(questions.map((question, i) => (i === index ? { ...question, ...change } : question)));
  return (
    <fieldset className="cms-blocks cms-bank" data-testid="cms-bank">
      <legend>{label}</legend>
      <p className="muted" data-testid="cms-bank-count">
        {t('cms.bank.count', { count: questions.length })}
      </p>
      <ol>
        {questions.map((question, index) => {
          const n = index + 1;
          const options = [0, 1, 2, 3].map((i) => question.options[i] ?? '');
          return (
            <li key={question.id} data-testid="cms-bank-question">
              <label htmlFor={`${id}-q${n}`}>{t('cms.bank.text', { n })}</label>
              <textarea id={`${id}-q${n}`} value={question.text} maxLength={1000} rows={2} onChange={(event) => update(index, { text: event.target.value })} />
              <fieldset className="cms-bank-options">
                <legend>{t('cms.bank.correct', { n })}</legend>
                {options.map((option, o) => (
                  <p key={o} className="cms-bank-option">
                    <input
                      type="radio"
                      id={`${id}-q${n}-correct-${o}`}
                      name={`${id}-q${n}-correct`}
                      checked={question.correct === o}
                      onChange={() => update(index, { correct: o })}
                      aria-label={t('cms.bank.correctOption', { letter: LETTERS[o] ?? '' })}
                    />
                    <label htmlFor={`${id}-q${n}-option-${o}`}>{t('cms.bank.option', { letter: LETTERS[o] ?? '', n })}</label>
                    <input
                      type="text"
                      id={`${id}-q${n}-option-${o}`}
                      value={option}
                      maxLength={500}
                      onChange={(event) => update(index, { options: options.map((text, i) => (i === o ? event.target.value : text)) })}
                    />
                  </p>
                ))}
              </fieldset>
              <p>
                <label htmlFor={`${id}-q${n}-session`}>{t('cms.bank.session', { n })}</label>
                <input
                  type="text"
                  id={`${id}-q${n}-session`}
                  value={question.session ?? ''}
                  maxLength={13}
                  inputMode="decimal"
                  pattern="[1-9][0-9]*\.[1-9][0-9]*"
                  onChange={(event) => update(index, { session: event.target.value })}
                />
              </p>
              <button type="button" className="secondary" onClick={() => onChange(questions.filter((_, i) => i !== index))}>
                {t('cms.bank.remove', { n })}
              </button>
            </li>
          );
        })}
      </ol>
      <p className="cms-block-add">
        <button type="button" className="secondary" onClick={() => onChange([...questions, newQuestion(questions)])}>
          {t('cms.bank.add')}
        </button>
      </p>
    </fieldset>
  );
}
