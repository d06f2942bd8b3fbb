import { MAX_CSV_BYTES, newPersonBody } from '../../core/contracts/people.ts';
import type { ImportReport } from '../../core/contracts/people.ts';
import { IMPORT_DUPLICATES, type ImportDuplicates, type ImportField } from '../../core/people-import.ts';
import type { FiscalCodeHolder } from '../../functions/data/people/fiscal-code.ts';
import { fileTooLarge } from '../../functions/file-limit.ts';
import { HttpError } from '../../functions/http-error.ts';
import { message } from '../../functions/messages.ts';
import { createPerson } from '../../functions/people/invitations.ts';
import { importPeople, type PersonProblem } from '../../functions/people/people-import.ts';
import { setRegistrationMode } from '../../functions/people/registration-setting.ts';
import { REGISTRATION_MODES, type RegistrationMode } from '../../core/registration-allowance.ts';
import { env } from 'cloudflare:workers';
import { csvFileBytes, staffMailContext, type StaffPost } from './staff-forms.ts';
import { trimmedFormText } from './form-text.ts';
import { refusedFields } from './refused-fields.ts';
import type { StaffPage } from './staff-page.ts';

/**
 * The staff pages that add people and set registration, posted without scripts: the same services
 * as their API calls (functions/people), refusals shown on the page in its language.
 */

/** The new-person form's fields, the contract's: what it submits and, when refused, shows again as typed. */
export const NEW_PERSON_FIELDS = newPersonBody.keyof().options;

/** The new-person form's labels, by field: its refusals name the fields as staff see them. */
function newPersonLabel(staff: StaffPage): (field: ImportField) => string {
  const labels: Record<ImportField, string> = {
    firstName: staff.page.t('staff.new.firstName'),
    lastName: staff.page.t('staff.new.lastName'),
    email: staff.page.t('staff.email'),
    fiscalCode: staff.page.t('staff.new.fiscalCode'),
    locale: staff.page.t('staff.new.locale'),
  };
  return (field) => labels[field];
}

/**
 * The new-person form: the person created and invited, or the refusal (the form keeps what was
 * typed) with every field it refused and why, so staff correct them all in one go.
 */
export async function submitNewPerson(form: FormData, staff: StaffPage, origin: string): Promise<StaffPost & { userId?: string }> {
  const label = newPersonLabel(staff);
  const values = Object.fromEntries(NEW_PERSON_FIELDS.map((name) => [name, trimmedFormText(form, name)]));
  const parsed = newPersonBody.safeParse(values);
  try {
    if (!parsed.success)
      return refusal(
        refusedFields(parsed.error, values, (field) => label(field as ImportField), staff),
        400,
      );
    const person = await createPerson(staffMailContext(staff, origin), parsed.data, label);
    return { kind: 'done', done: 'created', userId: person.id };
  } catch (error) {
    if (error instanceof HttpError) {
      const { holder, problems } = error as HttpError & { holder?: FiscalCodeHolder; problems?: PersonProblem[] };
      if (problems) return refusal(Object.fromEntries(problems.map((problem) => [problem.key, problem.message])), error.statusCode);
      // Taken by someone else: the codice fiscale when the refusal names its holder, else the address.
      const fields = error.statusCode === 409 ? { [holder ? 'fiscalCode' : 'email']: error.message } : {};
      return { kind: 'refused', action: 'create', message: error.message, status: error.statusCode, fields, ...(holder ? { holder } : {}) };
    }
    throw error;
  }
}

/** A refusal of some of the form's fields: the notice says them all, each field its own. */
function refusal(fields: Partial<Record<string, string>>, status: number): StaffPost {
  return { kind: 'refused', action: 'create', message: Object.values(fields).join(' '), status, fields };
}

export interface ImportState {
  report: ImportReport | null;
  /** The file as sent, base64, carried by the confirmation form of a dry run (a file field cannot be filled again). */
  file: string;
  duplicates: ImportDuplicates;
  course: string;
  problem: string | null;
  status: number;
}

const toBase64 = (bytes: Uint8Array) => {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
};
const fromBase64 = (value: string) => Uint8Array.from(atob(value), (character) => character.charCodeAt(0));

/**
 * The import page's two steps: `check` reads the chosen file and reports, writing nothing (a dry
 * run), and carries the file on to `import`, which writes every valid row.
 */
export async function submitImport(form: FormData, staff: StaffPage, origin: string): Promise<ImportState> {
  const step = trimmedFormText(form, 'step');
  const typed = trimmedFormText(form, 'duplicates');
  const duplicates: ImportDuplicates = (IMPORT_DUPLICATES as readonly string[]).includes(typed) ? (typed as ImportDuplicates) : 'skip';
  const course = trimmedFormText(form, 'course');
  const state: ImportState = { report: null, file: '', duplicates, course, problem: null, status: 200 };
  try {
    const bytes = step === 'import' ? fromBase64(trimmedFormText(form, 'file64')) : await csvFileBytes(form, 'file', staff.language);
    if (bytes.byteLength > MAX_CSV_BYTES) throw fileTooLarge(MAX_CSV_BYTES, staff.language);
    state.file = toBase64(bytes);
    state.report = await importPeople(staffMailContext(staff, origin), bytes, { dryRun: step !== 'import', duplicates, courseId: course || null });
    return state;
  } catch (error) {
    if (error instanceof HttpError) return { ...state, file: '', problem: error.message, status: error.statusCode };
    // A damaged base64 copy (the form was tampered with) reads as an empty file.
    if (error instanceof DOMException)
      return { ...state, file: '', problem: message('invalidField', staff.language, { field: 'file64', detail: '' }), status: 400 };
    throw error;
  }
}

/** The settings page's form: who may register. */
export async function submitRegistration(form: FormData, staff: StaffPage): Promise<StaffPost> {
  const mode = trimmedFormText(form, 'registration');
  if (!(REGISTRATION_MODES as readonly string[]).includes(mode)) {
    return {
      kind: 'refused',
      action: 'registration',
      message: message('invalidField', staff.language, { field: 'registration', detail: mode.slice(0, 40) }),
      status: 400,
    };
  }
  await setRegistrationMode(env, staff.actor, mode as RegistrationMode, Date.now());
  return { kind: 'done', done: 'registration' };
}
