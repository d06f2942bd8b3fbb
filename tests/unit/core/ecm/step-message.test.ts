import { describe, expect, it } from 'vitest';
import { ecmStep, type EcmStep } from '../../../../core/contracts/ecm.ts';
import { ecmStepMessage } from '../../../../core/ecm/step-message.ts';
import { translator } from '../../../../core/translate.ts';
import italian from '../../../../seed/boilerplate/it-IT.json';
import english from '../../../../seed/boilerplate/en-US.json';
import german from '../../../../seed/boilerplate/de-DE.json';

const status = (step: EcmStep) => ({ step, sessions: { done: 2, total: 5 }, missingMinutes: 42 });

describe('what a learner is told at each ECM step (course page and ECM page alike)', () => {
  it('explains a closed assessment with its numbers, and leads on to the next step', () => {
    const t = translator(italian as Record<string, string>);
    const said = (step: EcmStep) => {
      const message = ecmStepMessage(status(step));
      return message && `${message.kind}: ${t(message.key, message.values)}`;
    };
    expect(said('sessions')).toMatch(/^blocked: .*2.*5/);
    expect(said('time')).toMatch(/^blocked: .*42/);
    expect(said('exhausted')).toMatch(/^blocked: /);
    expect(ecmStepMessage(status('assessment'))).toMatchObject({ kind: 'next', key: 'ecm.toAssessment' });
    expect(ecmStepMessage(status('satisfaction'))).toMatchObject({ kind: 'next', key: 'ecm.toSatisfaction' });
    expect(ecmStepMessage(status('profile'))).toMatchObject({ kind: 'next', key: 'ecm.toCertificate' });
    expect(ecmStepMessage(status('certificate'))).toMatchObject({ kind: 'next', key: 'ecm.toCertificate' });
    expect(ecmStepMessage(status('done'))).toBeNull();
  });

  it('names only strings every supported locale has', () => {
    for (const strings of [italian, english, german] as Record<string, string>[]) {
      for (const step of ecmStep.options) {
        const message = ecmStepMessage(status(step));
        if (message) expect(strings[message.key], `${step}: ${message.key}`).toMatch(/\S/);
      }
    }
  });
});
