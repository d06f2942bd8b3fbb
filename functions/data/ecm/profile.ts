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
