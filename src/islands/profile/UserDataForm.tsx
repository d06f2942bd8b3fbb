import { useState, type SubmitEvent } from 'react';
import { ApiRequestError, createApiClient } from '../../lib/api-client.ts';
import { translator } from '../../../core/translate.ts';
import { toUserUpdate, validateUserForm, type UserForm } from '../../lib/user-form.ts';
import './user-data.css';

interface Props {
  siteId: string;
  locale: string;
  locales: { code: string; name: string }[];
  strings: Record<string, string>;
  /** The user's data, or the values as typed in a post the server refused (the form works before this island hydrates). */
  values: UserForm;
  errors?: ReturnType<typeof validateUserForm>;
  problem?: string | null;
  /** The server saved a post just now. */
  saved?: boolean;
  /** A new address waiting for its link to be followed: the current one stays until then. */
  pendingEmail?: string | null;
}

type Status = { kind: 'idle' } | { kind: 'saving' } | { kind: 'saved' } | { kind: 'refused'; message: string };

export default function UserDataForm({
  siteId,
  locale,
  locales,
  strings,
  values,
  errors: refused = {},
  problem = null,
  saved = false,
  pendingEmail = null,
}: Props) {
  const t = translator(strings);
  const [form, setForm] = useState<UserForm>(values);
  const [errors, setErrors] = useState<ReturnType<typeof validateUserForm>>(refused);
  const [status, setStatus] = useState<Status>(problem ? { kind: 'refused', message: problem } : saved ? { kind: 'saved' } : { kind: 'idle' });
  const [pending, setPending] = useState(pendingEmail);
  const client = createApiClient({ siteId: () => siteId, localeCode: () => locale });

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = validateUserForm(form);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setStatus({ kind: 'saving' });
    try {
      const saved = await client.put('/auth/user', { json: toUserUpdate(form) });
      // The saved user is the reloaded one: show what the server kept.
      setForm((current) => ({
        ...current,
        firstName: saved.firstName,
        lastName: saved.lastName,
        email: saved.email ?? '',
        phone: saved.phone ?? '',
        locale: saved.locale,
      }));
      setPending(saved.pendingEmail);
      setStatus({ kind: 'saved' });
      // A new preferred language applies at once: the same page, in that language.
      if (saved.locale !== locale) window.location.assign(`/${saved.locale}/profile/user-data`);
    } catch (error) {
      setStatus({ kind: 'refused', message: error instanceof ApiRequestError ? error.message : t('userData.error') });
    }
  }

  const field = (name: keyof UserForm, label: string, type = 'text', autoComplete?: string) => (
    <p className="field">
      <label htmlFor={`user-${name}`}>{label}</label>
      <input
        id={`user-${name}`}
        name={name}
        type={type}
        autoComplete={autoComplete}
        value={form[name]}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `user-${name}-error` : undefined}
        onChange={(event) => setForm({ ...form, [name]: event.target.value })}
      />
      {errors[name] && (
        <span className="field-error" id={`user-${name}-error`}>
          {t(errors[name].key, errors[name].values)}
        </span>
      )}
    </p>
  );

  return (
    <form className="user-data" method="post" data-astro-reload onSubmit={(event) => void submit(event)} noValidate>
      {field('firstName', t('userData.firstName'), 'text', 'given-name')}
      {field('lastName', t('userData.lastName'), 'text', 'family-name')}
      {field('email', t('userData.email'), 'email', 'email')}
      {pending && (
        <p className="field-note" data-testid="user-email-pending">
          {t('userData.emailPending', { email: pending })}
        </p>
      )}
      {field('phone', t('userData.phone'), 'tel', 'tel')}
      <fieldset className="field">
        <legend>{t('userData.gender')}</legend>
        {(['maschile', 'femminile', 'neutro'] as const).map((gender) => (
          <label key={gender} className="choice">
            <input type="radio" name="gender" value={gender} checked={form.gender === gender} onChange={() => setForm({ ...form, gender })} />
            {t(`gender.${gender}`)}
          </label>
        ))}
      </fieldset>
      <p className="field">
        <label htmlFor="user-locale">{t('userData.locale')}</label>
        <select id="user-locale" name="locale" value={form.locale} onChange={(event) => setForm({ ...form, locale: event.target.value })}>
          {locales.map((option) => (
            <option key={option.code} value={option.code}>
              {option.name}
            </option>
          ))}
        </select>
      </p>
      <p>
        <button type="submit" disabled={status.kind === 'saving'}>
          {status.kind === 'saving' ? t('userData.saving') : t('userData.save')}
        </button>
      </p>
      <p role="status" aria-live="polite" data-testid="user-data-status">
        {status.kind === 'saved' && t('userData.saved')}
        {status.kind === 'refused' && <span className="field-error">{status.message}</span>}
      </p>
    </form>
  );
}
