// The demo's people: the four demo accounts (learner, editor, tester, a new learner), the
// secretary, the inspector and a cohort of 36 learners with some progress and enrolments.
import fiscalCodes from 'codice-fiscale-js';
import { hashPassword } from '../../functions/auth/password.ts';
import { historyCourses, insert, random, row, SITE_ID } from './seed-sql.ts';

/** The demo learner whose 60 days of history the demo shows (seed/areas/history.ts). */
export const DEMO_LEARNER = 'u-studente-demo';

/** The demo's accounts for each role of the product, with their passwords. */
export async function demoUsersSql(pepper: string, now: number): Promise<string> {
  const users = [
    {
      id: 'u-studente-demo',
      code: 'studente.demo',
      password: 'Studente-Demo-2026!',
      first: 'Giulia',
      last: 'Bianchi',
      email: 'giulia.bianchi@example.it',
      gender: 'f',
      roles: ['learner'],
    },
    {
      id: 'u-editor-demo',
      code: 'editor.demo',
      password: 'Editor-Demo-2026!',
      first: 'Marco',
      last: 'Rossi',
      email: 'marco.rossi@example.it',
      gender: 'm',
      roles: ['admin'],
    },
    {
      id: 'u-tester-demo',
      code: 'tester.demo',
      password: 'Tester-Demo-2026!',
      first: 'Sara',
      last: 'Conti',
      email: 'sara.conti@example.it',
      gender: 'n',
      roles: ['tester'],
    },
    { id: 'u-nuovo-demo', code: 'nuovo.demo', password: 'Nuovo-Demo-2026!', first: 'Luca', last: 'Verdi', email: null, gender: 'm', roles: ['learner'] },
  ];
  const userRows: string[] = [];
  for (const user of users) {
    userRows.push(
      row(
        user.id,
        SITE_ID,
        user.code,
        await hashPassword(user.password, pepper),
        user.first,
        user.last,
        user.email,
        user.gender,
        'it-IT',
        JSON.stringify(user.roles),
        now,
        now,
      ),
    );
  }
  return insert('user', 'id, site_id, code, password_hash, first_name, last_name, email, gender, locale, roles, created_at, updated_at', userRows);
}

// The package's CommonJS build exports `{ CodiceFiscale }` while its types describe a default class.
const CodiceFiscale = (fiscalCodes as unknown as { CodiceFiscale?: typeof fiscalCodes }).CodiceFiscale ?? fiscalCodes;

/** The demo's secretary and the course the demo takes by enrolment (its key, as staff hand it out: MVPZ-KEYS-2345). */
export const DEMO_STAFF = { id: 'u-segreteria-demo', code: 'segreteria.demo', password: 'Segreteria-Demo-2026!' };
/** The accrediting body's inspector: reads courses, tracking, reports and questionnaire totals, writes nothing. */
export const DEMO_AUDITOR = { id: 'u-ispettore-demo', code: 'ispettore.demo', password: 'Ispettore-Demo-2026!' };
export const DEMO_ENROLMENT_COURSE = { id: 'movimentazione-pazienti', key: 'MVPZKEYS2345' };
/** Every learner of the demo cohort signs in with this password (user code: nome.cognome). */
export const COHORT_PASSWORD = 'Corsista-Demo-2026!';
const COHORT: [first: string, last: string, gender: 'f' | 'm'][] = [
  ['Anna', 'Ferrari', 'f'],
  ['Marco', 'Esposito', 'm'],
  ['Chiara', 'Romano', 'f'],
  ['Luca', 'Colombo', 'm'],
  ['Francesca', 'Ricci', 'f'],
  ['Alessandro', 'Marino', 'm'],
  ['Sofia', 'Greco', 'f'],
  ['Matteo', 'Bruno', 'm'],
  ['Giorgia', 'Gallo', 'f'],
  ['Davide', 'Conti', 'm'],
  ['Martina', 'De Luca', 'f'],
  ['Simone', 'Mancini', 'm'],
  ['Elena', 'Costa', 'f'],
  ['Andrea', 'Giordano', 'm'],
  ['Alice', 'Rizzo', 'f'],
  ['Federico', 'Lombardi', 'm'],
  ['Sara', 'Moretti', 'f'],
  ['Lorenzo', 'Barbieri', 'm'],
  ['Valentina', 'Fontana', 'f'],
  ['Riccardo', 'Santoro', 'm'],
  ['Silvia', 'Mariani', 'f'],
  ['Stefano', 'Rinaldi', 'm'],
  ['Laura', 'Caruso', 'f'],
  ['Nicolò', "D'Angelo", 'm'],
  ['Beatrice', 'Ferrara', 'f'],
  ['Tommaso', 'Galli', 'm'],
  ['Giulia', 'Martini', 'f'],
  ['Pietro', 'Leone', 'm'],
  ['Camilla', 'Longo', 'f'],
  ['Gabriele', 'Gentile', 'm'],
  ['Elisa', 'Martinelli', 'f'],
  ['Filippo', 'Vitale', 'm'],
  ['Ilaria', 'Lombardo', 'f'],
  ['Emanuele', 'Serra', 'm'],
  ['Noemi', 'Coppola', 'f'],
  ['Jonas', 'Müller', 'm'],
];
const ascii = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z]/g, '');

/**
 * The people staff manage in the demo: the secretary (role `staff`, people:manage without content
 * editing) and a cohort of 36 learners with e-mail addresses and codici fiscali. The cohort's
 * first twelve have some progress in the open courses; the course taken by enrolment has a key
 * and the cohort's first eight enrolled by the secretary.
 */
export async function demoPeopleSql(pepper: string, now: number): Promise<string> {
  const courses = historyCourses();
  const next = random(22);
  const cohort = COHORT.map(([first, last, gender], i) => {
    const code = `${ascii(first)}.${ascii(last)}`;
    const born = { day: 1 + Math.floor(next() * 28), month: 1 + Math.floor(next() * 12), year: 1960 + Math.floor(next() * 40) };
    const fiscalCode = CodiceFiscale.compute({
      name: first,
      surname: last,
      gender: gender === 'f' ? 'F' : 'M',
      ...born,
      birthplace: 'Roma',
      birthplaceProvincia: 'RM',
    });
    return { id: `u-corsista-${i + 1}`, code, first, last, gender, email: i % 5 === 4 ? null : `${code}@example.it`, fiscalCode };
  });
  const userRows = [
    row(
      DEMO_STAFF.id,
      SITE_ID,
      DEMO_STAFF.code,
      await hashPassword(DEMO_STAFF.password, pepper),
      'Paola',
      'Segreti',
      'segreteria@example.it',
      null,
      'f',
      'it-IT',
      '["staff"]',
      now,
      now,
    ),
    row(
      DEMO_AUDITOR.id,
      SITE_ID,
      DEMO_AUDITOR.code,
      await hashPassword(DEMO_AUDITOR.password, pepper),
      'Marta',
      'Ispettori',
      null,
      null,
      'f',
      'it-IT',
      '["auditor"]',
      now,
      now,
    ),
  ];
  for (const person of cohort) {
    userRows.push(
      row(
        person.id,
        SITE_ID,
        person.code,
        await hashPassword(COHORT_PASSWORD, pepper),
        person.first,
        person.last,
        person.email,
        person.fiscalCode,
        person.gender,
        'it-IT',
        '["learner"]',
        now,
        now,
      ),
    );
  }
  const open = courses.filter((course) => course.id !== DEMO_ENROLMENT_COURSE.id).slice(5, 9);
  const progress = cohort.slice(0, 12).flatMap((person, i) => {
    const course = open[i % open.length];
    const sessions = course?.modules.flatMap((mod, m) => mod.sessions.map((_, n) => ({ module: m + 1, number: n + 1 }))) ?? [];
    return sessions
      .slice(0, 1 + (i % sessions.length))
      .map((session, n) => row(person.id, course?.id, session.module, session.number, now - (20 - n) * 3_600_000 - i * 86_400_000));
  });
  return [
    insert('user', 'id, site_id, code, password_hash, first_name, last_name, email, fiscal_code, gender, locale, roles, created_at, updated_at', userRows),
    insert('session_progress', 'user_id, course_id, module_number, number, completed_at', progress),
    insert('course_access', 'course_id, mode, course_key, updated_by, updated_at', [
      row(DEMO_ENROLMENT_COURSE.id, 'enrolment', DEMO_ENROLMENT_COURSE.key, DEMO_STAFF.id, now),
    ]),
    insert(
      'enrolment',
      'user_id, course_id, enrolled_at, enrolled_by, via',
      cohort.slice(0, 8).map((person, i) => row(person.id, DEMO_ENROLMENT_COURSE.id, now - (8 - i) * 86_400_000, DEMO_STAFF.id, 'staff')),
    ),
  ].join('');
}
