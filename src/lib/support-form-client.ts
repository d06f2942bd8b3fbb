const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** The error screen's reference fields and their lengths (core/contracts/support.ts): status, message, path, request id. */
const REFERENCE_FIELDS = [
  ['c', 10],
  ['e', 500],
  ['p', 500],
  ['r', 64],
] as const;

function fieldError(form: HTMLFormElement, input: HTMLInputElement | HTMLTextAreaElement): string {
  const value = input.value.trim();
  if (input.required && !value) return form.dataset.required ?? '';
  if (input.type === 'email' && value && !EMAIL.test(value)) return form.dataset.email ?? '';
  if (input.minLength > 0 && value.length < input.minLength) return (form.dataset.minLength ?? '').replace('{min}', String(input.minLength));
  return '';
}

/**
 * Enhances the support form of /{locale}/assistenza, a plain form posting to its on-demand route:
 * the error screen's reference (c, e, p, r) joins the request; the bot check mounts on the first
 * focus inside the form and its solution travels in the post; errors are the page's locale's,
 * per field, before anything is sent. A send pressed while the check is still working goes on
 * once it is solved.
 */
export function startSupportForm(): void {
  const form = document.getElementById('support-form') as HTMLFormElement | null;
  if (!form || form.dataset.ready) return;
  form.dataset.ready = 'true';
  const { siteId = 'not-set', locale = 'it-IT' } = form.dataset;
  const params = new URLSearchParams(location.search);
  for (const [name, max] of REFERENCE_FIELDS) {
    const value = params.get(name);
    // A refused post renders the reference it carried; only the error screen's link brings one.
    if (value !== null) (form.elements.namedItem(name) as HTMLInputElement).value = value.slice(0, max);
  }
  const altcha = form.elements.namedItem('altcha') as HTMLInputElement;
  const alert = document.getElementById('support-error') as HTMLElement;
  const button = form.querySelector('button[type="submit"]') as HTMLButtonElement;
  const inputs = [...form.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input:not([type="hidden"]), textarea')];
  let unmount: (() => void) | null = null;
  let sendWhenSolved = false;

  const startBotCheck = async () => {
    unmount?.();
    altcha.value = '';
    const { mountBotCheck } = await import('./bot-check-widget.ts');
    unmount = mountBotCheck(document.getElementById('support-bot-check') as HTMLElement, {
      siteId,
      locale,
      onChange: (solved) => {
        altcha.value = solved ?? '';
        if (solved && sendWhenSolved) {
          sendWhenSolved = false;
          form.requestSubmit();
        }
      },
    });
  };
  form.addEventListener('focusin', () => void (unmount ?? startBotCheck()), { once: true });
  // A post the server refused comes back with the form: its check was spent, solve a new one.
  if (alert.textContent?.trim()) void startBotCheck();

  form.addEventListener('submit', (event) => {
    let first: HTMLElement | null = null;
    for (const input of inputs) {
      const error = fieldError(form, input);
      input.setAttribute('aria-invalid', String(error !== ''));
      (document.getElementById(`${input.id}-error`) as HTMLElement).textContent = error;
      if (error && !first) first = input;
    }
    if (first) {
      event.preventDefault();
      first.focus();
      return;
    }
    if (!altcha.value) {
      event.preventDefault();
      if (!unmount) void startBotCheck();
      alert.textContent = form.dataset.pending ?? '';
      sendWhenSolved = true;
      return;
    }
    // The browser posts the form; the server answers with the "sent" page or the form again.
    alert.textContent = '';
    button.disabled = true;
    button.textContent = form.dataset.sending ?? button.textContent;
  });
}
