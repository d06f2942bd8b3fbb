import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import AnswersReview from '../../../../../src/islands/ecm/AnswersReview.tsx';
import type { ReviewQuestion } from '../../../../../core/contracts/ecm.ts';

const options = [
  { id: 'a', text: 'Cinque' },
  { id: 'b', text: 'Quattro' },
];
const question = (id: string, answer: string | null): ReviewQuestion => ({ id, text: `Domanda ${id}`, options, answer, correct: 'a' });
const t = (key: string) => `«${key}»`;

describe('the review of a passed attempt', () => {
  it('says a question was right, wrong or left without an answer, each in its own words', () => {
    const html = renderToStaticMarkup(createElement(AnswersReview, { questions: [question('1', 'a'), question('2', 'b'), question('3', null)], t }));
    const verdicts = [...html.matchAll(/data-testid="assessment-review-verdict">([^<]*)</g)].map((match) => match[1]);
    expect(verdicts).toEqual(['«ecm.answerRight»', '«ecm.answerWrong»', '«ecm.answerNone»']);
    // An unanswered question marks no option as the learner's.
    expect(html.split('<li data-right')[3]).not.toContain('ecm.yourAnswer');
  });
});
