import { env } from 'cloudflare:workers';
import { courseAccessBody, MAX_CSV_BYTES, personEditBody, personParams, staffCourseParams } from '../../core/contracts/people.ts';
import { findUserById } from '../../functions/data/auth/users.ts';
import { findPersonByLogin } from '../../functions/data/people/people.ts';
import { editPerson } from '../../functions/people/person-edit.ts';
import { HttpError } from '../../functions/http-error.ts';
import { fileTooLarge } from '../../functions/file-limit.ts';
import { message, type Language } from '../../functions/messages.ts';
import { removeCourseKey, renewCourseKey, setAccessMode } from '../../functions/people/course-access.ts';
import type { ImportRowError } from '../../core/contracts/people.ts';
import type { FiscalCodeHolder } from '../../functions/data/people/fiscal-code.ts';
import { enrolFromCsv, enrolPerson, unenrolPerson } from '../../functions/people/enrolments.ts';
import { erasePerson } from '../../functions/people/erasure.ts';
import { changeFiscalCode } from '../../functions/people/fiscal-code.ts';
import { resendConfirmation, resendInvitation, sendPasswordReset } from '../../functions/people/invitations.ts';
import type { StaffMailContext } from '../../functions/people/people-import.ts';
import { peopleMessage } from '../../functions/people/messages.ts';
import { reactivate, suspend } from '../../functions/people/suspension.ts';
import { pagePostRefusal } from './page-post-guard.ts';
import type { StaffPage } from './staff-page.ts';
import { trimmedFormText } from './form-text.ts';
import { refusedFields } from './refused-fields.ts';

/** The person page's edit form: the fields `PUT /api/staff/people/{id}` takes. */
const PERSON_EDIT_FIELDS = ['firstName', 'lastName', 'email', 'locale'] as const;

/**
 * The staff pages' forms, posted without scripts: the same services and checks as the staff API
 * (functions/people), then Post/Redirect/Get back to the page with what was done (`?done=`), or
 * the page again with the refusal in its language.
 */
export type StaffPost =
  | { kind: 'done'; done: string }
  | {
      kind: 'refused';
      action: string;
      message: string;
      status: number;
      errors?: ImportRowError[];
      holder?: FiscalCodeHolder;
      /** A form's fields refused, each with its message: the page marks them all at once. */
      fields?: Partial<Record<string, string>>;
    };

export const PERSON_NOTICES = [
  'suspended',
  'reactivated',
  'enrolled',
  'unenrolled',
  'created',
  'invited',
  'resetSent',
  'confirmationSent',
  'edited',
  'editedEmail',
  'fiscalCode',
] as const;
/** The people list's notice: a person deleted from their page lands there, their page gone. */
export const PEOPLE_NOTICES = ['deleted'] as const;
export const COURSE_NOTICES = ['access', 'key', 'keyRemoved', 'enrolled', 'unenrolled', 'enrolledList'] as const;

/** What the forms that send e-mail act with: the staff member, and the site's origin as the page was reached (the e-mails' links). */
export function staffMailContext(staff: StaffPage, origin: string): StaffMailContext {
  return { env, actor: staff.actor, language: staff.language, now: Date.now(), origin };
}

/**
 * A CSV file field's bytes; nothing chosen is an empty file. Past the API's limit it is refused as
 * the API refuses it (413, the limit named), and the page shows that on itself, its form kept.
 */
export async function csvFileBytes(form: FormData, name: string, language: Language): Promise<Uint8Array> {
  const value = form.get(name);
  if (typeof value !== 'object' || value === null) return new Uint8Array();
  if (value.size > MAX_CSV_BYTES) throw fileTooLarge(MAX_CSV_BYTES, language);
  return new Uint8Array(await value.arrayBuffer());
}

/**
 * The refusal of a post to an upload page whose body was over the page's limit, which the Worker
 * answered by showing the page again (src/server/page-post-guard.ts): null when there was none.
 */
export function oversizedUpload(context: object | undefined, language: Language): HttpError | null {
  return pagePostRefusal(context)?.statusCode === 413 ? fileTooLarge(MAX_CSV_BYTES, language) : null;
}

/** Runs a staff form's action (the person, course and support request pages); a refusal of the services (HttpError) is shown on the page, anything else is a real failure. */
export async function attempt(action: string, run: () => Promise<string>): Promise<StaffPost> {
  try {
    return { kind: 'done', done: await run() };
  } catch (error) {
    if (error instanceof HttpError) {
      // A codice fiscale another account holds: staff get a link to that account.
      const { errors, holder } = error as HttpError & { errors?: ImportRowError[]; holder?: FiscalCodeHolder };
      return { kind: 'refused', action, message: error.message, status: error.statusCode, ...(errors ? { errors } : {}), ...(holder ? { holder } : {}) };
    }
    throw error;
  }
}

function parsed<T>(result: { success: true; data: T } | { success: false }, refusal: () => HttpError): T {
  if (!result.success) throw refusal();
  return result.data;
}

/**
 * A deletion's confirmation posted again (a double click) for a person of the site the first one
 * deleted: the page answers it as it did the first, rather than with the 404 of the page now gone.
 */
export async function isRepeatedErasure(request: Request, staff: StaffPage, userId: string): Promise<boolean> {
  if (request.method !== 'POST') return false;
  const form = await request.formData().catch(() => new FormData());
  if (trimmedFormText(form, 'action') !== 'erase') return false;
  const person = await findUserById(env.DB, userId);
  return person?.siteId === staff.actor.siteId && person.status === 'deleted';
}

/** The person page's forms: suspend, reactivate, delete, enrol in a course, end an enrolment, resend the invitation or the confirmation link, send a password reset, correct the person's details and codice fiscale. */
export async function submitPersonForm(form: FormData, staff: StaffPage, userId: string, origin: string): Promise<StaffPost> {
  const { actor, language } = staff;
  const action = trimmedFormText(form, 'action');
  const now = Date.now();
  const course = () =>
    parsed(
      staffCourseParams.safeParse({ courseId: trimmedFormText(form, 'course') }),
      () => new HttpError(400, message('invalidField', language, { field: 'course', detail: trimmedFormText(form, 'course').slice(0, 100) })),
    ).courseId;
  return attempt(action, async () => {
    switch (action) {
      case 'suspend':
        await suspend(env.DB, actor, userId, now, language);
        return 'suspended';
      case 'reactivate':
        await reactivate(env.DB, actor, userId, now, language);
        return 'reactivated';
      case 'erase':
        await erasePerson(env.DB, actor, userId, now, language);
        return 'deleted';
      case 'enrol':
        await enrolPerson(staffMailContext(staff, origin), course(), userId);
        return 'enrolled';
      case 'unenrol':
        await unenrolPerson(env.DB, actor, course(), userId, now, language);
        return 'unenrolled';
      case 'invite':
        await resendInvitation(staffMailContext(staff, origin), userId);
        return 'invited';
      case 'reset':
        await sendPasswordReset(staffMailContext(staff, origin), userId);
        return 'resetSent';
      case 'confirmation':
        await resendConfirmation(staffMailContext(staff, origin), userId);
        return 'confirmationSent';
      case 'edit': {
        const values = Object.fromEntries(PERSON_EDIT_FIELDS.map((name) => [name, trimmedFormText(form, name)]));
        const body = personEditBody.safeParse(values);
        // Every refused field at once, each in the page's language.
        if (!body.success) {
          const problems = Object.values(refusedFields(body.error, values, (field) => staff.page.t(`userData.${field}`), staff));
          throw new HttpError(400, problems.join(' ') || message('invalidField', language, { field: 'form', detail: '' }));
        }
        const { addressSent } = await editPerson(staffMailContext(staff, origin), userId, body.data);
        return addressSent ? 'editedEmail' : 'edited';
      }
      case 'fiscal-code':
        await changeFiscalCode({ env, actor, language, now }, userId, trimmedFormText(form, 'fiscalCode').slice(0, 40));
        return 'fiscalCode';
      default:
        throw new HttpError(400, message('invalidField', language, { field: 'action', detail: action.slice(0, 40) }));
    }
  });
}

/** The course page's forms: its access, its key, enrolling a person by user code or e-mail or a list of them (CSV), ending an enrolment. */
export async function submitCourseForm(form: FormData, staff: StaffPage, courseId: string, origin: string): Promise<StaffPost> {
  const { actor, language } = staff;
  const action = trimmedFormText(form, 'action');
  const now = Date.now();
  const invalid = (field: string) => () => new HttpError(400, message('invalidField', language, { field, detail: trimmedFormText(form, field).slice(0, 100) }));
  return attempt(action, async () => {
    switch (action) {
      case 'access': {
        const { mode } = parsed(courseAccessBody.safeParse({ mode: trimmedFormText(form, 'mode') }), invalid('mode'));
        await setAccessMode(env.DB, actor, courseId, mode, now, language);
        return 'access';
      }
      case 'key':
        await renewCourseKey(env.DB, actor, courseId, now, language);
        return 'key';
      case 'remove-key':
        await removeCourseKey(env.DB, actor, courseId, now, language);
        return 'keyRemoved';
      case 'enrol': {
        const login = trimmedFormText(form, 'login').slice(0, 254);
        const found = login ? await findPersonByLogin(env.DB, actor.siteId, login) : null;
        if (found === 'many') throw new HttpError(409, peopleMessage('loginAmbiguous', language, { login }));
        if (!found) throw new HttpError(404, peopleMessage('loginNotFound', language, { login }));
        await enrolPerson(staffMailContext(staff, origin), courseId, found);
        return 'enrolled';
      }
      case 'enrol-csv': {
        const report = await enrolFromCsv(staffMailContext(staff, origin), courseId, await csvFileBytes(form, 'file', language));
        if (report.errors.length) {
          const refusal = new HttpError(400, peopleMessage('enrolCsvRefused', language, { count: String(report.errors.length) }));
          throw Object.assign(refusal, { errors: report.errors });
        }
        return 'enrolledList';
      }
      case 'unenrol': {
        const { userId } = parsed(personParams.safeParse({ userId: trimmedFormText(form, 'user') }), invalid('user'));
        await unenrolPerson(env.DB, actor, courseId, userId, now, language);
        return 'unenrolled';
      }
      default:
        throw new HttpError(400, message('invalidField', language, { field: 'action', detail: action.slice(0, 40) }));
    }
  });
}
