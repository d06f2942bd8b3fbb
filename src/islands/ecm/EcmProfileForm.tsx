import { useEffect, useId, useState, type SubmitEvent } from 'react';
import type { EcmProfile, EcmProfileForm as Loaded, Profession } from '../../../core/contracts/ecm.ts';
import { FISCAL_CODE_SHAPE } from '../../../core/fiscal-code.ts';
import type { Translate } from '../../../core/translate.ts';
import { ApiRequestError, type ApiClient } from '../../lib/api-client.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';

interface Props {
  api: ApiClient;
  t: Translate;
  /** Called with the saved fields once the server accepted them. */
  onSaved?: (profile: EcmProfile) => void;
  heading?: string;
  intro?: string;
  /**
   * Read with the page on the server: the form is whole in the HTML and, with `post`, works without
   * scripts (the page handles the post). Without it the form loads its fields once hydrated.
   */
  initial?: Loaded;
  /** A plain form post to the page, for readers without scripts: its address and the form's name. */
  post?: { action: string; name: string };
  /** What the server said of the last post: field problems and the whole form's outcome. */
  posted?: { values: Record<Field, string>; errors: Partial<Record<Field, string>>; problem: string | null } | { saved: true };
}

type Field = 'fiscalCode' | 'professionId' | 'disciplineId' | 'employment';
const FIELDS = ['fiscalCode', 'professionId', 'disciplineId', 'employment'] as const;
const EMPLOYMENT = ['L', 'D', 'C', 'P'] as const;

const formOf = (profile: EcmProfile): Record<Field, string> => ({
  fiscalCode: profile.fiscalCode ?? '',
  professionId: profile.professionId ?? '',
  disciplineId: profile.disciplineId ?? '',
  employment: profile.employment ?? '',
});

/**
 * Codice fiscale, profession, discipline and working relationship, the fields an ECM certificate and the registry report need: on the
 * certificate step and in the user data. The lists are the commission's: read with the page (`initial`), else from
 * GET /api/lms/ecm/profile.
 */
export default function EcmProfileForm({ api, t, onSaved, heading, intro, initial, post, posted }: Props) {
  const id = useId();
  const refused = posted && 'values' in posted ? posted : null;
  const [professions, setProfessions] = useState<Profession[] | null>(initial?.professions ?? null);
  const [form, setForm] = useState<Record<Field, string>>(
    refused?.values ?? (initial ? formOf(initial) : { fiscalCode: '', professionId: '', disciplineId: '', employment: '' }),
  );
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>(refused?.errors ?? {});
  const [status, setStatus] = useState<{ kind: 'idle' | 'saving' | 'saved' } | { kind: 'error'; message: string }>(
    posted && 'saved' in posted ? { kind: 'saved' } : refused?.problem ? { kind: 'error', message: refused.problem } : { kind: 'idle' },
  );
  // Until hydrated (or without scripts) the discipline list holds every profession's, grouped.
  const hydrated = useHydrated();

  useEffect(() => {
    if (initial) return;
    api.get('/lms/ecm/profile').then(
      (loaded) => {
        setProfessions(loaded.professions);
        setForm(formOf(loaded));
      },
      (error: Error) => setStatus({ kind: 'error', message: error.message }),
    );
  }, [api, initial]);

  const disciplines = professions?.find((profession) => profession.id === form.professionId)?.disciplines ?? [];
  // Hydrated, the list holds the profession's own: a discipline of another (a refused post's) is not chosen.
  const disciplineId = !hydrated || disciplines.some((discipline) => discipline.id === form.disciplineId) ? form.disciplineId : '';

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const found: Partial<Record<Field, string>> = {};
    const fiscalCode = form.fiscalCode.trim().toUpperCase();
    if (!fiscalCode) found.fiscalCode = t('ecmProfile.required');
    else if (!FISCAL_CODE_SHAPE.test(fiscalCode)) found.fiscalCode = t('ecmProfile.fiscalCodeInvalid');
    if (!form.professionId) found.professionId = t('ecmProfile.required');
    if (!disciplineId) found.disciplineId = t('ecmProfile.required');
    const employment = EMPLOYMENT.find((code) => code === form.employment);
    if (!employment) found.employment = t('ecmProfile.required');
    setErrors(found);
    const first = FIELDS.find((field) => found[field]);
    if (first || !employment) {
      document.getElementById(`${id}-${first}`)?.focus();
      return;
    }
    setStatus({ kind: 'saving' });
    try {
      const saved = await api.put('/lms/ecm/profile', { json: { ...form, disciplineId, fiscalCode, employment } });
      setForm(formOf(saved));
      setStatus({ kind: 'saved' });
      onSaved?.(saved);
    } catch (error) {
      // Another account's code (409): said at the field, where the learner looks.
      if (error instanceof ApiRequestError && error.statusCode === 409) {
        setErrors({ fiscalCode: error.message });
        document.getElementById(`${id}-fiscalCode`)?.focus();
      }
      setStatus({ kind: 'error', message: error instanceof ApiRequestError ? error.message : t('ecm.error', { message: String(error) }) });
    }
  }

  const described = (field: Field, hint?: string) => [errors[field] ? `${id}-${field}-error` : '', hint ?? ''].filter(Boolean).join(' ') || undefined;
  const error = (field: Field) =>
    errors[field] && (
      <span className="field-error" id={`${id}-${field}-error`}>
        {errors[field]}
      </span>
    );

  return (
    <form
      className="ecm-profile"
      method={post ? 'post' : undefined}
      action={post?.action}
      data-astro-reload={post ? true : undefined}
      onSubmit={(event) => void submit(event)}
      noValidate
      data-testid="ecm-profile-form"
      aria-labelledby={heading ? `${id}-title` : undefined}
    >
      {heading && <h2 id={`${id}-title`}>{heading}</h2>}
      {intro && <p>{intro}</p>}
      {post && <input type="hidden" name="form" value={post.name} />}
      <p className="field">
        <label htmlFor={`${id}-fiscalCode`}>{t('ecmProfile.fiscalCode')}</label>
        <input
          id={`${id}-fiscalCode`}
          name="fiscalCode"
          autoComplete="off"
          autoCapitalize="characters"
          maxLength={16}
          // Until the saved fields arrive, typing would be overwritten by them.
          disabled={professions === null}
          value={form.fiscalCode}
          aria-invalid={errors.fiscalCode ? true : undefined}
          aria-describedby={described('fiscalCode', `${id}-fiscalCode-hint`)}
          onChange={(event) => setForm({ ...form, fiscalCode: event.target.value })}
        />
        <span className="muted" id={`${id}-fiscalCode-hint`}>
          {t('ecmProfile.fiscalCodeHint')}
        </span>
        {error('fiscalCode')}
      </p>
      <p className="field">
        <label htmlFor={`${id}-professionId`}>{t('ecmProfile.profession')}</label>
        <select
          id={`${id}-professionId`}
          name="professionId"
          disabled={professions === null}
          value={form.professionId}
          aria-invalid={errors.professionId ? true : undefined}
          aria-describedby={described('professionId')}
          onChange={(event) => {
            const next = professions?.find((profession) => profession.id === event.target.value);
            // A profession with one discipline (most of them) chooses it too.
            setForm({ ...form, professionId: event.target.value, disciplineId: next?.disciplines.length === 1 ? (next.disciplines[0]?.id ?? '') : '' });
          }}
        >
          <option value="">{t('ecmProfile.choose')}</option>
          {professions?.map((profession) => (
            <option key={profession.id} value={profession.id}>
              {profession.name}
            </option>
          ))}
        </select>
        {error('professionId')}
      </p>
      <p className="field">
        <label htmlFor={`${id}-disciplineId`}>{t('ecmProfile.discipline')}</label>
        <select
          id={`${id}-disciplineId`}
          name="disciplineId"
          value={disciplineId}
          disabled={hydrated && !form.professionId}
          aria-invalid={errors.disciplineId ? true : undefined}
          aria-describedby={described('disciplineId')}
          onChange={(event) => setForm({ ...form, disciplineId: event.target.value })}
        >
          <option value="">{t('ecmProfile.choose')}</option>
          {hydrated
            ? disciplines.map((discipline) => (
                <option key={discipline.id} value={discipline.id}>
                  {discipline.name}
                </option>
              ))
            : professions?.map((profession) => (
                <optgroup key={profession.id} label={profession.name}>
                  {profession.disciplines.map((discipline) => (
                    <option key={discipline.id} value={discipline.id}>
                      {discipline.name}
                    </option>
                  ))}
                </optgroup>
              ))}
        </select>
        {error('disciplineId')}
      </p>
      <p className="field">
        <label htmlFor={`${id}-employment`}>{t('ecmProfile.employment')}</label>
        <select
          id={`${id}-employment`}
          name="employment"
          value={form.employment}
          disabled={professions === null}
          aria-invalid={errors.employment ? true : undefined}
          aria-describedby={described('employment')}
          onChange={(event) => setForm({ ...form, employment: event.target.value })}
        >
          <option value="">{t('ecmProfile.choose')}</option>
          {EMPLOYMENT.map((code) => (
            <option key={code} value={code}>
              {t(`ecmProfile.employment.${code}`)}
            </option>
          ))}
        </select>
        {error('employment')}
      </p>
      <p>
        <button type="submit" disabled={status.kind === 'saving' || professions === null}>
          {status.kind === 'saving' ? t('ecm.saving') : t('ecmProfile.save')}
        </button>
      </p>
      <p role="status" aria-live="polite" data-testid="ecm-profile-status">
        {status.kind === 'saved' && t('ecmProfile.saved')}
        {status.kind === 'error' && <span className="field-error">{status.message}</span>}
      </p>
    </form>
  );
}
