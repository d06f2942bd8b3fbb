import type { D1Database } from '@cloudflare/workers-types';
import type { EcmProfile, Profession } from '../../../core/contracts/ecm.ts';

export async function readEcmProfile(db: D1Database, userId: string): Promise<EcmProfile> {
  const row = await db
    .prepare('SELECT fiscal_code AS fiscalCode, profession_id AS professionId, discipline_id AS disciplineId, employment FROM user WHERE id = ?')
    .bind(userId)
    .first<EcmProfile>();
  return row ?? { fiscalCode: null, professionId: null, disciplineId: null, employment: null };
}

export async function saveEcmProfile(
  db: D1Database,
  userId: string,
  profile: { fiscalCode: string; professionId: string; disciplineId: string; employment: string },
  now: number,
): Promise<void> {
  await db
    .prepare('UPDATE user SET fiscal_code = ?, profession_id = ?, discipline_id = ?, employment = ?, updated_at = ? WHERE id = ?')
    .bind(profile.fiscalCode, profile.professionId, profile.disciplineId, profile.employment, now, userId)
    .run();
}

/** Whether the discipline is one of the profession's (the commission's lists pair them). */
export async function disciplineOf(db: D1Database, professionId: string, disciplineId: string): Promise<boolean> {
  return (await db.prepare('SELECT 1 FROM ecm_discipline WHERE id = ? AND profession_id = ?').bind(disciplineId, professionId).first()) !== null;
}

/** The commission's professions, each with its disciplines, named in the locale (default locale as fallback). */
export async function listProfessions(db: D1Database, locale: string, defaultLocale: string): Promise<Profession[]> {
  const [professions, disciplines] = await db.batch<{ id: string; name: string; professionId?: string }>([
    db
      .prepare(
        `SELECT p.id, COALESCE(t.name, t_d.name, p.id) AS name FROM ecm_profession p
         LEFT JOIN ecm_profession_text t ON t.profession_id = p.id AND t.locale = ?
         LEFT JOIN ecm_profession_text t_d ON t_d.profession_id = p.id AND t_d.locale = ? ORDER BY p.position, p.id`,
      )
      .bind(locale, defaultLocale),
    db
      .prepare(
        `SELECT d.id, d.profession_id AS professionId, COALESCE(t.name, t_d.name, d.id) AS name FROM ecm_discipline d
         LEFT JOIN ecm_discipline_text t ON t.discipline_id = d.id AND t.locale = ?
         LEFT JOIN ecm_discipline_text t_d ON t_d.discipline_id = d.id AND t_d.locale = ? ORDER BY d.position, d.id`,
      )
      .bind(locale, defaultLocale),
  ]);
  return (professions?.results ?? []).map((profession) => ({
    id: profession.id,
    name: profession.name,
    disciplines: (disciplines?.results ?? []).filter((d) => d.professionId === profession.id).map((d) => ({ id: d.id, name: d.name })),
  }));
}

/**
 * Whether to ask a federated account, after sign-in, for what ECM needs: it signs in through a
 * provider, never answered the question, and lacks gender or the registry fields.
 */
export async function ecmDetailsWanted(db: D1Database, userId: string): Promise<boolean> {
  const row = await db
    .prepare(
      `SELECT 1 FROM user u WHERE u.id = ? AND u.details_answered_at IS NULL AND (u.gender IS NULL OR u.fiscal_code IS NULL)
         AND EXISTS (SELECT 1 FROM user_federation f WHERE f.user_id = u.id)`,
    )
    .bind(userId)
    .first();
  return row !== null;
}

/** The profession a discipline belongs to, or null for an unknown discipline. */
export async function professionOfDiscipline(db: D1Database, disciplineId: string): Promise<string | null> {
  const row = await db.prepare('SELECT profession_id AS professionId FROM ecm_discipline WHERE id = ?').bind(disciplineId).first<{ professionId: string }>();
  return row?.professionId ?? null;
}

/**
 * The answer to the one-time question: gender, and the registry fields when given (left as they
 * were otherwise), and the time it was answered, so it is not asked again.
 */
export async function saveEcmDetails(
  db: D1Database,
  userId: string,
  details: { gender: string; fiscalCode: string | null; professionId: string | null; disciplineId: string | null },
  now: number,
): Promise<void> {
  await db
    .prepare(
      `UPDATE user SET gender = ?, fiscal_code = COALESCE(?, fiscal_code), profession_id = COALESCE(?, profession_id), discipline_id = COALESCE(?, discipline_id),
         details_answered_at = ?, updated_at = ? WHERE id = ?`,
    )
    .bind(details.gender, details.fiscalCode, details.professionId, details.disciplineId, now, now, userId)
    .run();
}
