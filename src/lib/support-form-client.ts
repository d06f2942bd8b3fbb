import { ApiRequestError, createApiClient } from './api-client.ts';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function fieldError(form: HTMLFormElement, input: HTMLInputElement | HTMLTextAreaElement): string {
  const value = input.value.trim();
  if (input.required && !value) return form.dataset.required ?? '';
  if (input.type === 'email' && value && !EMAIL.test(value)) return form.dataset.email ?? '';
  if (input.minLength > 0 && value.length < input.minLength) return (form.dataset.minLength ?? '').replace('{min}', String(input.minLength));
  return '';
}

/**
 * The support form of /{locale}/assistenza: the error screen's reference (c, e, p) travels with
 * the request; the bot check mounts on the first focus inside the form; errors are the user's
 * locale's, per field, then the server's.
 */
export function startSupportForm(): void {
  const form = document.getElementById('support-form') as HTMLFormElement | null;
  if (!form || form.dataset.ready) return;
  form.dataset.ready = 'true';
  const { siteId = 'not-set', locale = 'it-IT' } = form.dataset;
  const params = new URLSearchParams(location.search);
  for (const name of ['c', 'e', 'p']) (form.elements.namedItem(name) as HTMLInputElement).value = (params.get(name) ?? '').slice(0, name === 'c' ? 10 : 500);
  const alert = document.getElementById('support-error') as HTMLElement;
  const status = document.getElementById('support-status') as HTMLElement;
  const button = form.querySelector('button[type="submit"]') as HTMLButtonElement;
  const inputs = [...form.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input:not([type="hidden"]), textarea')];
  let payload: string | null = null;
  let unmount: (() => void) | null = null;

  const startBotCheck = async () => {
    unmount?.();
    payload = null;
    const { mountBotCheck } = await import('./bot-check-widget.ts');
    unmount = mountBotCheck(document.getElementById('support-bot-check') as HTMLElement, { siteId, locale, onChange: (solved) => (payload = solved) });
  };
  form.addEventListener('focusin', () => void (unmount ?? startBotCheck()), { once: true });

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    let first: HTMLElement | null = null;
    for (const input of inputs) {
      const error = fieldError(form, input);
      input.setAttribute('aria-invalid', String(error !== ''));
      (document.getElementById(`${input.id}-error`) as HTMLElement).textContent = error;
      if (error && !first) first = input;
    }
    if (first) {
      first.focus();
      return;
    }
    if (!unmount) void startBotCheck();
    if (!payload) {
      alert.textContent = form.dataset.pending ?? '';
      return;
    }
    alert.textContent = '';
    button.disabled = true;
    button.textContent = form.dataset.sending ?? button.textContent;
    const data = Object.fromEntries(new FormData(form)) as Record<string, string>;
    try {
      const api = createApiClient({ siteId: () => siteId, localeCode: () => locale });
      const { id } = await api.post<{ id: number }>('/api/support', { name: data.name, email: data.email, message: data.message, c: data.c, e: data.e, p: data.p, altcha: payload });
      unmount?.();
      form.hidden = true;
      status.textContent = (form.dataset.sent ?? '').replace('{id}', String(id));
      status.hidden = false;
      status.focus();
    } catch (caught) {
      alert.textContent = caught instanceof ApiRequestError ? caught.message : (form.dataset.failed ?? '');
      // A check is good for one request: solve a new one for the next try.
      void startBotCheck();
      button.disabled = false;
    }
  });
}
