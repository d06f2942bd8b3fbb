import { useId, useState, type SubmitEvent } from 'react';
import type { EcmCourseSetup, EcmEdition, EditionBody, Profession } from '../../../../core/contracts/ecm.ts';
import type { Translate } from '../../../../core/translate.ts';
import type { ApiClient } from '../../../lib/api-client.ts';

interface Props {
  api: ApiClient;
  courseId: string;
  number: number;
  /** The edition to change, or null for a new one. */
  edition: EcmEdition | null;
  objectives: { id: number; name: string }[];
  professions: Profession[];
  t: Translate;
  onSaved: (setup: EcmCourseSetup) => void;
  onCancel: () => void;
}

const TIPOLOGIE = Array.from({ length: 11 }, (_, i) => i + 1);

/** "CODICEFISCALE; Sponsor" per line, as staff paste them from the sponsor's list. */
const recruitsText = (recruits: EditionBody['recruits']) => recruits.map((recruit) => `${recruit.fiscalCode}; ${recruit.sponsor}`).join('\n');
const recruitsOf = (text: string): EditionBody['recruits'] =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const [fiscalCode = '', ...sponsor] = line.split(';');
      return { fiscalCode: fiscalCode.trim(), sponsor: sponsor.join(';').trim() };
    });

/**
 * One edition: dates, hours, credits, objective, tipologia, the accredited disciplines (by
 * profession) and the participants a sponsor recruited. The server checks the registry's rules
 * (365 days, one triennium, the credits pattern) and names the one broken.
 */
export default function EditionForm({ api, courseId, number, edition, objectives, professions, t, onSaved, onCancel }: Props) {
  const id = useId();
  const [fields, setFields] = useState({
    startsOn: edition?.startsOn ?? '',
    endsOn: edition?.endsOn ?? '',
    hours: String(edition?.hours ?? ''),
    credits: edition?.credits ?? '',
    objectiveId: String(edition?.objectiveId ?? ''),
    tipologia: String(edition?.tipologia ?? 1),
    eventType: edition?.eventType ?? 'E',
    recruits: recruitsText(edition?.recruits ?? []),
  });
  const [disciplines, setDisciplines] = useState(new Set(edition?.disciplines ?? []));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (name: keyof typeof fields) => (event: { target: { value: string } }) => setFields({ ...fields, [name]: event.target.value });
  const toggle = (codes: string[], on: boolean) => {
    const next = new Set(disciplines);
    for (const code of codes) {
      if (on) next.add(code);
      else next.delete(code);
    }
    setDisciplines(next);
  };

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const missing = (['startsOn', 'endsOn', 'hours', 'credits', 'objectiveId'] as const).find((name) => fields[name].trim() === '');
    if (missing || disciplines.size === 0) {
      setError(missing ? t('cms.required', { field: t(`cms.ecm.${missing}`) }) : t('cms.ecm.disciplinesMissing'));
      globalThis.document.getElementById(`${id}-${missing ?? 'disciplines'}`)?.focus();
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const saved = await api.put('/cms/ecm/:courseId/editions/:number', {
        param: { courseId, number },
        json: {
          startsOn: fields.startsOn,
          endsOn: fields.endsOn,
          hours: Number(fields.hours),
          credits: fields.credits.trim(),
          objectiveId: Number(fields.objectiveId),
          tipologia: Number(fields.tipologia),
          eventType: fields.eventType === 'P' ? 'P' : 'E',
          disciplines: [...disciplines],
          recruits: recruitsOf(fields.recruits),
        },
      });
      onSaved(saved);
    } catch (failure) {
      setError(t('cms.error', { message: (failure as Error).message }));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="cms-ecm-edition" onSubmit={(event) => void submit(event)} noValidate aria-labelledby={`${id}-title`} data-testid="cms-ecm-edition-form">
      <h4 id={`${id}-title`}>{t('cms.ecm.editionTitle', { n: number })}</h4>
      <p className="field">
        <label htmlFor={`${id}-startsOn`}>{t('cms.ecm.startsOn')}</label>
        <input id={`${id}-startsOn`} type="date" value={fields.startsOn} onChange={set('startsOn')} aria-required />
      </p>
      <p className="field">
        <label htmlFor={`${id}-endsOn`}>{t('cms.ecm.endsOn')}</label>
        <input id={`${id}-endsOn`} type="date" value={fields.endsOn} onChange={set('endsOn')} aria-required aria-describedby={`${id}-dates-hint`} />
        <span className="hint" id={`${id}-dates-hint`}>
          {t('cms.ecm.datesHint')}
        </span>
      </p>
      <p className="field">
        <label htmlFor={`${id}-hours`}>{t('cms.ecm.hours')}</label>
        <input id={`${id}-hours`} type="number" min={1} step={1} inputMode="numeric" value={fields.hours} onChange={set('hours')} aria-required />
      </p>
      <p className="field">
        <label htmlFor={`${id}-credits`}>{t('cms.ecm.credits')}</label>
        <input
          id={`${id}-credits`}
          type="text"
          inputMode="decimal"
          maxLength={5}
          placeholder="8.0"
          value={fields.credits}
          onChange={set('credits')}
          aria-required
          aria-describedby={`${id}-credits-hint`}
        />
        <span className="hint" id={`${id}-credits-hint`}>
          {t('cms.ecm.creditsHint')}
        </span>
      </p>
      <p className="field">
        <label htmlFor={`${id}-objectiveId`}>{t('cms.ecm.objectiveId')}</label>
        <select id={`${id}-objectiveId`} value={fields.objectiveId} onChange={set('objectiveId')} aria-required>
          <option value="">{t('ecmProfile.choose')}</option>
          {objectives.map((objective) => (
            <option key={objective.id} value={objective.id}>
              {`${objective.id}. ${objective.name}`}
            </option>
          ))}
        </select>
      </p>
      <p className="field">
        <label htmlFor={`${id}-tipologia`}>{t('cms.ecm.tipologia')}</label>
        <select id={`${id}-tipologia`} value={fields.tipologia} onChange={set('tipologia')}>
          {TIPOLOGIE.map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
      </p>
      <p className="field">
        <label htmlFor={`${id}-eventType`}>{t('cms.ecm.eventType')}</label>
        <select id={`${id}-eventType`} value={fields.eventType} onChange={set('eventType')}>
          <option value="E">E</option>
          <option value="P">P</option>
        </select>
      </p>
      <fieldset className="cms-blocks" id={`${id}-disciplines`} tabIndex={-1}>
        <legend>{t('cms.ecm.disciplines', { count: disciplines.size })}</legend>
        <p className="cms-actions">
          <button
            type="button"
            className="secondary"
            onClick={() =>
              toggle(
                professions.flatMap((p) => p.disciplines.map((d) => d.id)),
                true,
              )
            }
          >
            {t('cms.ecm.allDisciplines')}
          </button>
          <button type="button" className="secondary" onClick={() => setDisciplines(new Set())}>
            {t('cms.ecm.noDisciplines')}
          </button>
        </p>
        {professions.map((profession) => {
          const codes = profession.disciplines.map((d) => d.id);
          const chosen = codes.filter((code) => disciplines.has(code)).length;
          return (
            <details key={profession.id}>
              <summary>{t('cms.ecm.profession', { code: profession.id, name: profession.name, chosen, total: codes.length })}</summary>
              {profession.disciplines.map((discipline) => (
                <p key={discipline.id} className="cms-ecm-discipline">
                  <input
                    type="checkbox"
                    id={`${id}-d${discipline.id}`}
                    checked={disciplines.has(discipline.id)}
                    onChange={(change) => toggle([discipline.id], change.target.checked)}
                  />
                  <label htmlFor={`${id}-d${discipline.id}`}>{`${discipline.id} ${discipline.name}`}</label>
                </p>
              ))}
            </details>
          );
        })}
      </fieldset>
      <p className="field">
        <label htmlFor={`${id}-recruits`}>{t('cms.ecm.recruits')}</label>
        <textarea id={`${id}-recruits`} rows={3} value={fields.recruits} onChange={set('recruits')} aria-describedby={`${id}-recruits-hint`} />
        <span className="hint" id={`${id}-recruits-hint`}>
          {t('cms.ecm.recruitsHint')}
        </span>
      </p>
      {error && (
        <p role="alert" className="error-text">
          {error}
        </p>
      )}
      <p className="cms-actions">
        <button type="submit" disabled={busy}>
          {busy ? t('cms.saving') : t('cms.ecm.saveEdition', { n: number })}
        </button>
        <button type="button" className="secondary" onClick={onCancel}>
          {t('cms.discard')}
        </button>
      </p>
    </form>
  );
}
