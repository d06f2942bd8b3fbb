import { useEffect, useId, useMemo, useState, type SubmitEvent } from 'react';
import type { EcmCourseSetup as Setup, EcmEdition, EcmSettings, Profession } from '../../../../core/contracts/ecm.ts';
import type { Translate } from '../../../../core/translate.ts';
import { calendarDayFormat } from '../../../../core/rome-time.ts';
import { ApiRequestError, type ApiClient } from '../../../lib/api-client.ts';
import { apiUrl } from '../../../lib/api-url.ts';
import EditionForm from './EditionForm.tsx';

interface Props {
  api: ApiClient;
  courseId: string;
  t: Translate;
  /** The page's locale: days and credits are written as its readers write them. */
  locale: string;
}

/**
 * A course's ECM event and editions, beside its question bank in CMS mode: the event id (a new
 * course with credits gets it here), each edition with its report deadline and reminder, the
 * registry reports per edition, and the form that sets an edition up. Nothing for a course
 * without credits.
 */
export default function EcmCourseSetup({ api, courseId, t, locale }: Props) {
  const id = useId();
  const day = useMemo(() => calendarDayFormat(locale), [locale]);
  // The registry's credits ("8.0"), as a number in the reader's way ("8", "12,5").
  const credits = useMemo(() => {
    const number = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });
    return (registry: string) => number.format(Number(registry));
  }, [locale]);
  const [setup, setSetup] = useState<Setup | null | 'none'>(null);
  const [lists, setLists] = useState<{ settings: EcmSettings; professions: Profession[] } | null>(null);
  const [event, setEvent] = useState({ eventId: '', mode: 'fixed' as 'fixed' | 'draw' });
  const [editing, setEditing] = useState<EcmEdition | 'new' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);

  useEffect(() => {
    let current = true;
    api.get('/cms/ecm/:courseId/editions', { param: { courseId } }).then(
      (loaded) => {
        if (!current) return;
        setSetup(loaded);
        if (loaded.event) setEvent(loaded.event);
      },
      (failure: Error) => current && (failure instanceof ApiRequestError && failure.statusCode === 404 ? setSetup('none') : setError(failure.message)),
    );
    Promise.all([api.get('/cms/ecm/settings'), api.get('/lms/ecm/profile')]).then(
      ([settings, profile]) => current && setLists({ settings, professions: profile.professions }),
      (failure: Error) => current && setError(failure.message),
    );
    return () => {
      current = false;
    };
  }, [api, courseId]);

  if (setup === 'none') return null;

  const saveEvent = async (submitted: SubmitEvent<HTMLFormElement>) => {
    submitted.preventDefault();
    setError(null);
    try {
      setSetup(await api.put('/cms/ecm/:courseId/event', { param: { courseId }, json: event }));
      setStatus(t('cms.ecm.eventSaved'));
    } catch (failure) {
      setError((failure as Error).message);
    }
  };

  const editions = setup?.editions ?? [];
  const nextNumber = Math.max(0, ...editions.map((edition) => edition.number)) + 1;
  const report = (edition: number, format: 'csv' | 'xml') =>
    apiUrl('/cms/ecm/:courseId/:report', { param: { courseId, report: `participants.${format}` }, query: { edition } });

  return (
    <details className="cms-document cms-ecm" open data-testid="cms-ecm">
      <summary>{t('cms.kind.ecm', { key: courseId })}</summary>
      {error && (
        <p role="alert" className="error-text">
          {t('cms.error', { message: error })}
        </p>
      )}
      {!setup || !lists ? (
        !error && <p className="muted">{t('cms.panel.loading')}</p>
      ) : (
        <>
          <form onSubmit={(submitted) => void saveEvent(submitted)} aria-labelledby={`${id}-event`}>
            <h4 id={`${id}-event`}>{t('cms.ecm.event')}</h4>
            {!setup.event && <p className="hint">{t('cms.ecm.eventMissing')}</p>}
            <p className="field">
              <label htmlFor={`${id}-eventId`}>{t('cms.ecm.eventId')}</label>
              <input
                id={`${id}-eventId`}
                type="text"
                maxLength={30}
                required
                value={event.eventId}
                onChange={(change) => setEvent({ ...event, eventId: change.target.value })}
              />
            </p>
            <p className="field">
              <label htmlFor={`${id}-mode`}>{t('cms.ecm.mode')}</label>
              <select
                id={`${id}-mode`}
                value={event.mode}
                onChange={(change) => setEvent({ ...event, mode: change.target.value === 'draw' ? 'draw' : 'fixed' })}
              >
                <option value="fixed">{t('cms.ecm.mode.fixed')}</option>
                <option value="draw">{t('cms.ecm.mode.draw')}</option>
              </select>
            </p>
            <p className="cms-actions">
              <button type="submit">{t('cms.ecm.saveEvent')}</button>
            </p>
          </form>

          <h4>{t('cms.ecm.editions')}</h4>
          {editions.length === 0 && <p className="muted">{t('cms.ecm.noEditions')}</p>}
          <ol className="cms-ecm-editions" data-testid="cms-ecm-editions">
            {editions.map((edition) => (
              <li key={edition.number} data-testid="cms-ecm-edition">
                <p>
                  <strong>{t('cms.ecm.editionTitle', { n: edition.number })}</strong>{' '}
                  {t('cms.ecm.editionDates', { from: day(edition.startsOn), to: day(edition.endsOn), credits: credits(edition.credits), hours: edition.hours })}
                </p>
                <p className={edition.reportState === 'due' || edition.reportState === 'late' ? 'cms-ecm-reminder' : 'muted'} data-state={edition.reportState}>
                  {t(`cms.ecm.report.${edition.reportState}`, { date: day(edition.reportDeadline) })}
                </p>
                <p className="cms-actions">
                  <a href={report(edition.number, 'xml')} download>
                    {t('cms.ecm.downloadXml', { n: edition.number })}
                  </a>
                  <a href={report(edition.number, 'csv')} download>
                    {t('cms.ecm.downloadCsv', { n: edition.number })}
                  </a>
                  <button type="button" className="secondary" onClick={() => (setEditing(edition), setStatus(null))}>
                    {t('cms.ecm.editEdition', { n: edition.number })}
                  </button>
                </p>
              </li>
            ))}
          </ol>
          {setup.event && !editing && (
            <p className="cms-actions">
              <button type="button" onClick={() => (setEditing('new'), setStatus(null))}>
                {t('cms.ecm.newEdition')}
              </button>
            </p>
          )}
          {editing && (
            <EditionForm
              api={api}
              courseId={courseId}
              number={editing === 'new' ? nextNumber : editing.number}
              edition={editing === 'new' ? null : editing}
              objectives={lists.settings.objectives}
              professions={lists.professions}
              t={t}
              onSaved={(saved) => (setSetup(saved), setEditing(null), setStatus(t('cms.ecm.editionSaved')))}
              onCancel={() => setEditing(null)}
            />
          )}
          <p role="status" aria-live="polite">
            {status}
          </p>
        </>
      )}
    </details>
  );
}
