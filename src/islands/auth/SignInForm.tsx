import { lazy, Suspense, useCallback, useState, type SubmitEvent } from 'react';
import { ApiRequestError, createApiClient } from '../../lib/api-client.ts';
import { translator } from '../../../core/translate.ts';
import { resetMode } from '../../stores/mode.ts';

// The bot check's code (the ALTCHA widget and its worker) loads only when the server asks for it.
const BotCheck = lazy(() => import('./BotCheck.tsx'));

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
  const [botCheck, setBotCheck] = useState<{ round: number; payload: string | null } | null>(null);
  const onBotCheck = useCallback((payload: string | null) => setBotCheck((current) => current && { ...current, payload }), []);

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!code.trim() || !password) {
      setError(t('validation.required'));
      return;
    }
    if (botCheck && !botCheck.payload) {
      setError(t('signIn.botCheckPending'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const client = createApiClient({ siteId: () => siteId, localeCode: () => locale });
      const altcha = botCheck?.payload ?? undefined;
      const user = await client.post<{ locale: string }>('/api/auth/login', { cu: code.trim(), cp: password, ua: navigator.userAgent, altcha });
      resetMode();
      // The user's locale applies from here on.
      window.location.assign(returnTo ?? `/${user.locale || 'it-IT'}/profile`);
    } catch (caught) {
      setError(caught instanceof ApiRequestError ? caught.message : t('signIn.failed'));
      // A solved check is good for one attempt: after a refusal that asks for it, solve a new one.
      if (caught instanceof ApiRequestError && (caught.statusCode === 428 || caught.headers.get('tiles-bot-check') === 'required')) {
        setBotCheck((current) => ({ round: (current?.round ?? 0) + 1, payload: null }));
      }
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
      {botCheck && (
        <div className="field">
          <p className="hint">{t('signIn.botCheck')}</p>
          <Suspense fallback={<p className="muted">{t('signIn.botCheckLoading')}</p>}>
            <BotCheck key={botCheck.round} siteId={siteId} locale={locale} onChange={onBotCheck} />
          </Suspense>
        </div>
      )}
      <p role="alert" className="field-error" data-testid="sign-in-error">
        {error}
      </p>
      <button type="submit" disabled={busy}>
        {busy ? t('signIn.submitting') : t('signIn.submit')}
      </button>
    </form>
  );
}
