/** A posted form's text field as typed, or '' when the form sent none (or a file in its place). */
export function formText(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
}

/** The same, without the spaces around it (the staff pages' fields). */
export const trimmedFormText = (form: FormData, name: string): string => formText(form, name).trim();
