import { startBotCheckForm } from './bot-check-form-client.ts';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function fieldError(form: HTMLFormElement, input: HTMLInputElement | HTMLTextAreaElement): string {
  const value = input.value.trim();
  if (input.required && !value) return form.dataset.required ?? '';
  if (input.type === 'email' && value && !EMAIL.test(value)) return form.dataset.email ?? '';
  if (input.minLength > 0 && value.length < input.minLength) return (form.dataset.minLength ?? '').replace('{min}', String(input.minLength));
  return '';
}

/** Every visible field of the support form checked, its `{id}-error` element saying what is wrong. */
function checkFields(form: HTMLFormElement): () => HTMLElement | null {
  const inputs = [...form.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input:not([type="hidden"]), textarea')];
  return () => {
    let first: HTMLElement | null = null;
    for (const input of inputs) {
      const error = fieldError(form, input);
      input.setAttribute('aria-invalid', String(error !== ''));
      (document.getElementById(`${input.id}-error`) as HTMLElement).textContent = error;
      if (error && !first) first = input;
    }
    return first;
  };
}

/**
 * Enhances the support form of /{locale}/assistenza, a plain form posting to its on-demand route,
 * as the other forms with a bot check (bot-check-form-client.ts), its errors the page's locale's,
 * per field, before anything is sent. The error screen's reference (c, e, p, r) is in its hidden
 * fields from the server.
 */
export function startSupportForm(): void {
  startBotCheckForm('support-form', checkFields);
}
