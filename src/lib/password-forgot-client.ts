/**
 * Enhances the "Password dimenticata" form (/{locale}/password/forgot), a plain form that posts
 * to its page: the bot check mounts on the first focus inside the form and its solution travels
 * in the post, so a browser with JavaScript is never held to the allowance of requests without
 * it; a send pressed while the check is still working goes on once it is solved.
 */
export function startPasswordForgotForm(): void {
  const form = document.getElementById('password-forgot-form') as HTMLFormElement | null;
  if (!form || form.dataset.ready) return;
  form.dataset.ready = 'true';
  const { siteId = 'not-set', locale = 'it-IT' } = form.dataset;
  const altcha = form.elements.namedItem('altcha') as HTMLInputElement;
  const identifier = form.elements.namedItem('identifier') as HTMLInputElement;
  const identifierError = document.getElementById('forgot-identifier-error') as HTMLElement;
  const alert = document.getElementById('password-forgot-error') as HTMLElement;
  const button = form.querySelector('button[type="submit"]') as HTMLButtonElement;
  let unmount: (() => void) | null = null;
  let sendWhenSolved = false;

  const startBotCheck = async () => {
    unmount?.();
    altcha.value = '';
    const { mountBotCheck } = await import('./bot-check-widget.ts');
    unmount = mountBotCheck(document.getElementById('password-forgot-bot-check') as HTMLElement, {
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
    const missing = identifier.value.trim() === '';
    identifier.setAttribute('aria-invalid', String(missing));
    identifierError.textContent = missing ? (form.dataset.required ?? '') : '';
    if (missing) {
      event.preventDefault();
      identifier.focus();
      return;
    }
    if (!altcha.value) {
      event.preventDefault();
      if (!unmount) void startBotCheck();
      alert.textContent = form.dataset.pending ?? '';
      sendWhenSolved = true;
      return;
    }
    alert.textContent = '';
    button.disabled = true;
    button.textContent = form.dataset.sending ?? button.textContent;
  });
}
