import { env } from 'cloudflare:workers';
import { hashPassword } from '../../../functions/auth/password.ts';
import { ROLE_PERMISSIONS } from '../../../core/permissions.ts';
import { SITE } from '../fixtures.ts';

/** A secretary: `people:manage` without content editing (the seed's "Segreteria"). */
export const STAFF = { id: 'u-api-staff', code: 'api.staff', password: 'Api-Staff-2026!' };
/** An editor whose role edits and publishes content but does not manage people. */
export const CONTENT_EDITOR = { id: 'u-api-content', code: 'api.content', password: 'Api-Content-2026!' };

const PASSWORD = 'Api-Person-2026!';

export interface Person {
  id: string;
  code: string;
  password: string;
  firstName: string;
  lastName: string;
  email: string | null;
  fiscalCode: string | null;
}

/** People with names, e-mail addresses and codici fiscali to search by (user ids `u-pp-*`). */
export const PEOPLE: Person[] = [
  {
    id: 'u-pp-nicolo',
    code: 'n.dannunzio',
    firstName: 'Nicolò',
    lastName: "D'Annunzio",
    email: 'nicolo.dannunzio@asl.example.it',
    fiscalCode: 'DNNNCL80A01H501U',
  },
  { id: 'u-pp-anna', code: 'anna.ferrari', firstName: 'Anna', lastName: 'Ferrari', email: 'anna.ferrari@ospedale.example.it', fiscalCode: 'FRRNNA85M41F205Z' },
  { id: 'u-pp-luca', code: 'luca.ferraris', firstName: 'Luca', lastName: 'Ferraris', email: 'l.ferraris@example.org', fiscalCode: null },
  { id: 'u-pp-greta', code: 'greta.muller', firstName: 'Greta', lastName: 'Müller-Lüdenscheidt', email: null, fiscalCode: 'MLLGRT90D45Z112K' },
  { id: 'u-pp-marta', code: 'marta.esposito', firstName: 'Marta', lastName: 'Esposito', email: '=cmd|calc@example.it', fiscalCode: null },
].map((person) => ({ ...person, password: PASSWORD }));

export const personById = (id: string): Person => {
  const person = PEOPLE.find((candidate) => candidate.id === id);
  if (!person) throw new Error(`no person ${id}`);
  return person;
};

/** The staff and content-editor roles and users, and the people above, added to the common fixtures. */
export async function seedPeople(): Promise<void> {
  const now = Date.now();
  const hash = (password: string) => hashPassword(password, env.PASSWORD_PEPPER, 1000);
  const insertUser = env.DB.prepare(
    'INSERT OR IGNORE INTO user (id, site_id, code, password_hash, first_name, last_name, email, fiscal_code, gender, locale, roles, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
  );
  await env.DB.batch([
    env.DB.prepare('INSERT OR REPLACE INTO role VALUES (?, ?, ?, ?), (?, ?, ?, ?)').bind(
      'staff',
      'Segreteria',
      'user',
      JSON.stringify(ROLE_PERMISSIONS.staff),
      'content',
      'Redazione',
      'admin',
      JSON.stringify(['course:read', 'progress:write', 'profile:write', 'content:edit', 'content:publish', 'drafts:read', 'support:read', 'ecm:report']),
    ),
    insertUser.bind(
      STAFF.id,
      SITE,
      STAFF.code,
      await hash(STAFF.password),
      'Stefania',
      'Segreti',
      'stefania@example.it',
      null,
      'f',
      'it-IT',
      '["staff"]',
      now,
      now,
    ),
    insertUser.bind(
      CONTENT_EDITOR.id,
      SITE,
      CONTENT_EDITOR.code,
      await hash(CONTENT_EDITOR.password),
      'Carlo',
      'Contenuti',
      null,
      null,
      'm',
      'it-IT',
      '["content"]',
      now,
      now,
    ),
    ...(await Promise.all(
      PEOPLE.map(async (p) =>
        insertUser.bind(p.id, SITE, p.code, await hash(p.password), p.firstName, p.lastName, p.email, p.fiscalCode, 'n', 'it-IT', '["learner"]', now, now),
      ),
    )),
  ]);
}
