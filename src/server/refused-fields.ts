import type { z } from 'zod';
import { message } from '../../functions/messages.ts';
import { fieldErrors } from './form-errors.ts';
import type { StaffPage } from './staff-page.ts';

/**
 * The fields of a staff form that the API's schema refused, each as "the field «label» is invalid:
 * what is wrong" in the page's language (at most so many characters, an e-mail address…), never
 * the typed value again. `values` are the fields as typed; `label` names a field as its form does.
 */
export function refusedFields(
  error: z.ZodError,
  values: Record<string, string>,
  label: (field: string) => string,
  staff: StaffPage,
): Partial<Record<string, string>> {
  return Object.fromEntries(
    Object.entries(fieldErrors(error, values)).flatMap(([field, problem]) =>
      problem && field in values
        ? [[field, message('invalidField', staff.language, { field: label(field), detail: staff.page.t(problem.key, problem.values) })]]
        : [],
    ),
  );
}
