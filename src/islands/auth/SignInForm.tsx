import { useState, type SubmitEvent } from 'react';
import { ApiRequestError, createApiClient } from '../../lib/api-client.ts';
import { translator } from '../../lib/translate.ts';
import { resetMode } from '../../stores/mode.ts';
import { $user } from '../../stores/session.ts';

interface Props {
  siteId: string;
  locale: string;
  returnTo: string | null;
  strings: Record<string, string>;
}

export default function SignInForm({ siteId, locale, returnTo, strings }: Props) {
  const t = translator(strings);
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!code.trim() || !password) {
      setError(t('validation.required'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const client = createApiClient({ siteId: () => siteId, localeCode: () => locale });
      const user = await client.post<{ locale: string }>('/api/auth/login', { cu: code.trim(), cp: password, ua: navigator.userAgent });
      $user.set(user);
      resetMode();
      // The user's locale applies from here on.
      window.location.assign(returnTo ?? `/${user.locale || 'it-IT'}/profile`);
    } catch (caught) {
      setError(caught instanceof ApiRequestError ? caught.message : t('signIn.failed'));
      setBusy(false);
    }
  }

  return (
    <form className="sign-in" onSubmit={submit} noValidate>
      <p className="field">
        <label htmlFor="sign-in-code">{t('signIn.code')}</label>
        <input id="sign-in-code" name="cu" autoComplete="username" value={code} onChange={(e) => setCode(e.target.value)} required />
      </p>
      <p className="field">
        <label htmlFor="sign-in-password">{t('signIn.password')}</label>
        <input id="sign-in-password" name="cp" type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} required />
      </p>
      <p role="alert" className="field-error" data-testid="sign-in-error">
        {error}
      </p>
      <button type="submit" disabled={busy}>
        {busy ? t('signIn.submitting') : t('signIn.submit')}
      </button>
    </form>
  );
}
