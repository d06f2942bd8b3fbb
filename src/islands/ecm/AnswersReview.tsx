import type { ReviewQuestion } from '../../../core/contracts/ecm.ts';

/** The verdict's words: a question left without an answer is said so, not called wrong. */
function verdictKey({ answer, correct }: ReviewQuestion): string {
  if (answer === null) return 'ecm.answerNone';
  return answer === correct ? 'ecm.answerRight' : 'ecm.answerWrong';
}

/**
 * A passed attempt's questions: the correct option, the learner's answer and whether it was right,
 * in words (not only by the marks) for screen readers. Only ever given a passed attempt.
 */
export default function AnswersReview({ questions, t }: { questions: ReviewQuestion[]; t: (key: string) => string }) {
  return (
    <ol className="ecm-review" data-testid="assessment-review">
      {questions.map((question) => (
        <li key={question.id} data-right={question.answer === question.correct}>
          <p>{question.text}</p>
          <ul>
            {question.options.map((option) => (
              <li key={option.id} className={option.id === question.correct ? 'ecm-correct' : undefined}>
                {option.text}
                {option.id === question.correct && <strong> ✓ {t('ecm.correctAnswer')}</strong>}
                {option.id === question.answer && <em> · {t('ecm.yourAnswer')}</em>}
              </li>
            ))}
          </ul>
          <p className="ecm-verdict" data-testid="assessment-review-verdict">
            {t(verdictKey(question))}
          </p>
        </li>
      ))}
    </ol>
  );
}
