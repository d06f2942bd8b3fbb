import { ApiRequestError, createApiClient } from './api-client.ts';
import { resetMode } from '../stores/mode.ts';

/**
 * Enhances the sign-in page's plain form, which works without it: checks before sending, signs
 * in through the API without reloading the page, and shows the bot check when the server asks
 * for it (its code loads only then); once solved, a sign-in that was waiting for it carries on
 * by itself.
 */
export function startSignInForm(): void {
  const form = document.getElementById('sign-in-form') as HTMLFormElement | null;
  if (!form || form.dataset.ready) return;
  form.dataset.ready = 'true';
  const { siteId = 'not-set', locale = 'it-IT', required = '', pending = '', failed = '', submitting = '', loading = '' } = form.dataset;
  const returnTo = (form.elements.namedItem('returnTo') as HTMLInputElement | null)?.value || null;
  const fields = [form.elements.namedItem('cu'), form.elements.namedItem('cp')] as HTMLInputElement[];
  const [code, password] = fields as [HTMLInputElement, HTMLInputElement];
  const alert = document.getElementById('sign-in-error') as HTMLElement;
  const resend = document.getElementById('sign-in-resend');
  const botCheck = document.getElementById('sign-in-bot-check-field') as HTMLElement;
  const button = form.querySelector('button[type="submit"]') as HTMLButtonElement;
  const label = button.textContent;
  const api = createApiClient({ siteId: () => siteId, localeCode: () => locale });
  let payload: string | null = null;
  let unmount: (() => void) | null = null;
  let continueWhenSolved = false;
  let busy = false;

  // A solved check is good for one attempt: every request for it starts a new one.
  const showBotCheck = async () => {
    unmount?.();
    payload = null;
    botCheck.hidden = false;
    const container = document.getElementById('sign-in-bot-check') as HTMLElement;
    container.textContent = loading;
    const { mountBotCheck } = await import('./bot-check-widget.ts');
    unmount = mountBotCheck(container, {
      siteId,
      locale,
      onChange: (solved) => {
        payload = solved;
        if (solved && continueWhenSolved) {
          continueWhenSolved = false;
          void submit();
        }
      },
    });
  };

  const checkFields = (): HTMLInputElement | null => {
    let first: HTMLInputElement | null = null;
    for (const input of fields) {
      // A password is what was typed, spaces and all (the server compares it so); a code is trimmed.
      const error = (input === password ? input.value : input.value.trim()) ? '' : required;
      input.setAttribute('aria-invalid', String(error !== ''));
      (document.getElementById(input.getAttribute('aria-describedby') ?? '') as HTMLElement).textContent = error;
      if (error && !first) first = input;
    }
    return first;
  };

  async function submit(): Promise<void> {
    if (busy) return;
    const invalid = checkFields();
    if (invalid) {
      invalid.focus();
      return;
    }
    if (!botCheck.hidden && !payload) {
      // Pressed while the check is still working: sign in as soon as it is done.
      alert.textContent = pending;
      continueWhenSolved = true;
      return;
    }
    busy = true;
    button.disabled = true;
    button.textContent = submitting;
    alert.textContent = '';
    try {
      const user = await api.post('/auth/login', {
        json: {
          cu: code.value.trim(),
          cp: password.value,
          ua: navigator.userAgent,
          ...(payload ? { altcha: payload } : {}),
        },
      });
      resetMode();
      // The user's locale applies from here on.
      window.location.assign(returnTo ?? `/${user.locale || 'it-IT'}/profile`);
      return;
    } catch (caught) {
      alert.textContent = caught instanceof ApiRequestError ? caught.message : failed;
      // 403: the right password of an account that awaits its e-mail's confirmation.
      if (resend) resend.hidden = !(caught instanceof ApiRequestError && caught.statusCode === 403);
      if (caught instanceof ApiRequestError && (caught.statusCode === 428 || caught.headers.get('tiles-bot-check') === 'required')) {
        // 428: this very attempt waited for the check, so it goes on once solved. After a wrong
        // password (401 asking for it) the learner types again first.
        continueWhenSolved = caught.statusCode === 428;
        void showBotCheck();
      }
    }
    busy = false;
    button.disabled = false;
    button.textContent = label;
  }

  // The server asked for the check on a post sent before this script ran.
  if (botCheck.dataset.required === 'true') void showBotCheck();
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    void submit();
  });
}
