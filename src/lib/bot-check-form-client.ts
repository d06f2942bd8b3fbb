/**
 * Enhances a plain form that posts to its page and carries a bot check (forgotten password,
 * registration, a new confirmation link): the check mounts on the first focus inside the form and
 * its solution travels in the post, so a browser with JavaScript is never held to the allowance
 * of requests without it; a send pressed while the check is still working goes on once it is
 * solved. The form has a hidden `altcha` input, `[data-bot-check]` where the widget goes and a
 * `[role="alert"]` for messages. `checker` takes the form's fields before the widget adds its own
 * and gives the check run on each send: it marks the fields' errors and answers the first field in
 * error, or null; by default each required field must be filled and names its error element with
 * `aria-describedby`. The form's data attributes give the site, locale and messages. Answers the
 * form when it was enhanced now, null when it is not there or was already.
 */
export function startBotCheckForm(formId: string, checker: (form: HTMLFormElement) => () => HTMLElement | null = requiredFilled): HTMLFormElement | null {
  const form = document.getElementById(formId) as HTMLFormElement | null;
  if (!form || form.dataset.ready) return null;
  form.dataset.ready = 'true';
  const { siteId = 'not-set', locale = 'it-IT' } = form.dataset;
  const altcha = form.elements.namedItem('altcha') as HTMLInputElement;
  const container = form.querySelector('[data-bot-check]') as HTMLElement;
  const alert = form.querySelector('[role="alert"]') as HTMLElement;
  const button = form.querySelector('button[type="submit"]') as HTMLButtonElement;
  const check = checker(form);
  let unmount: (() => void) | null = null;
  let sendWhenSolved = false;

  const startBotCheck = async () => {
    unmount?.();
    altcha.value = '';
    const { mountBotCheck } = await import('./bot-check-widget.ts');
    unmount = mountBotCheck(container, {
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
    const first = check();
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
    // The browser posts the form; the server answers with what follows or the form again.
    alert.textContent = '';
    button.disabled = true;
    button.textContent = form.dataset.sending ?? button.textContent;
  });
  return form;
}

/** Each required field filled (a checkbox ticked), its error element (`aria-describedby`) saying so. */
function requiredFilled(form: HTMLFormElement): () => HTMLElement | null {
  const required = [...form.querySelectorAll<HTMLInputElement>('input[required]')];
  return () => {
    const missing = required.filter((input) => (input.type === 'checkbox' ? !input.checked : input.value.trim() === ''));
    for (const input of required) {
      const empty = missing.includes(input);
      input.setAttribute('aria-invalid', String(empty));
      const error = document.getElementById(input.getAttribute('aria-describedby') ?? '');
      if (error) error.textContent = empty ? (input.dataset.required ?? form.dataset.required ?? '') : '';
    }
    return missing[0] ?? null;
  };
}
