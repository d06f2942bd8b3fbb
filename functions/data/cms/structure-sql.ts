/**
 * The live side of the structure documents (`outline`: a course's modules and sessions;
 * `categories`: the catalogue's categories in order), in the shape of `documents.ts`'s LIVE
 * table: parameters ?1 site, ?2 locale, ?3 key, ?4 the fields as JSON. Every write holds
 * `AS_READ`, which a publish replaces by "the draft is still as read" and a rollback by `1`.
 * A module or session left out of an outline is marked removed, never deleted: learners'
 * progress, positions and hits keep naming it, and its number is not given out again.
 */
export const AS_READ = '/*as-read*/ 1';

const REST = "substr(?3, instr(?3, '.') + 1)";
/** The course, module and session named by a `module` or `session` key (`{course}.{module}[.{session}]`). */
export const KEY_COURSE = "substr(?3, 1, instr(?3, '.') - 1)";
export const KEY_MODULE = `CAST(CASE WHEN instr(${REST}, '.') > 0 THEN substr(${REST}, 1, instr(${REST}, '.') - 1) ELSE ${REST} END AS INTEGER)`;
export const KEY_SESSION = `CAST(substr(${REST}, instr(${REST}, '.') + 1) AS INTEGER)`;

const NOW = "CAST(unixepoch('subsec') * 1000 AS INTEGER)";
const OWN_COURSE = 'EXISTS (SELECT 1 FROM course WHERE id = ?3 AND site_id = ?1)';
const DRAFT_MODULES = "json_each(?4, '$.modules') m";
const DRAFT_SESSIONS = `${DRAFT_MODULES}, json_each(m.value, '$.sessions') s`;

export const OUTLINE_SQL = {
  read: `SELECT json_object(
           'category', c.category_id,
           'ecmCredits', c.ecm_credits,
           'withdrawn', json(CASE WHEN c.withdrawn_at IS NULL THEN 'false' ELSE 'true' END),
           'modules', (SELECT json_group_array(json(mm.fields)) FROM (
             SELECT json_object('number', m.number, 'sessions', (SELECT json_group_array(json(ss.fields)) FROM (
               SELECT json_object('number', s.number, 'kind', s.kind, 'duration', s.duration, 'media', s.media_url, 'poster', s.poster_url, 'captions', json(s.captions)) AS fields
               FROM session s WHERE s.course_id = m.course_id AND s.module_number = m.number AND s.removed_at IS NULL ORDER BY s.position, s.number) ss)) AS fields
             FROM module m WHERE m.course_id = c.id AND m.removed_at IS NULL ORDER BY m.position, m.number) mm)
         ) AS fields FROM course c WHERE c.site_id = ?1 AND c.id = ?3 AND ?2 IS NOT NULL`,
  write: [
    // A course id belongs to one site: another site's course of that id is left alone.
    `INSERT INTO course (id, site_id, category_id, ecm_credits, position, withdrawn_at)
     SELECT ?3, ?1, ?4 ->> '$.category', ?4 ->> '$.ecmCredits', (SELECT coalesce(max(position), -1) + 1 FROM course WHERE site_id = ?1),
            CASE WHEN ?4 ->> '$.withdrawn' THEN ${NOW} END
     WHERE ?2 IS NOT NULL AND NOT EXISTS (SELECT 1 FROM course WHERE id = ?3 AND site_id <> ?1) AND ${AS_READ}
     ON CONFLICT (id) DO UPDATE SET category_id = excluded.category_id, ecm_credits = excluded.ecm_credits,
       withdrawn_at = CASE WHEN excluded.withdrawn_at IS NULL THEN NULL ELSE coalesce(course.withdrawn_at, excluded.withdrawn_at) END`,
    `INSERT INTO module (course_id, number, position, removed_at)
     SELECT ?3, m.value ->> '$.number', m.key + 1, NULL FROM ${DRAFT_MODULES}
     WHERE ?2 IS NOT NULL AND ${OWN_COURSE} AND ${AS_READ}
     ON CONFLICT (course_id, number) DO UPDATE SET position = excluded.position, removed_at = NULL`,
    `UPDATE module SET removed_at = ${NOW}
     WHERE course_id = ?3 AND removed_at IS NULL AND number NOT IN (SELECT m.value ->> '$.number' FROM ${DRAFT_MODULES})
       AND ?2 IS NOT NULL AND ${OWN_COURSE} AND ${AS_READ}`,
    `INSERT INTO session (course_id, module_number, number, kind, duration, media_url, poster_url, captions, position, removed_at)
     SELECT ?3, m.value ->> '$.number', s.value ->> '$.number', s.value ->> '$.kind', s.value ->> '$.duration', s.value ->> '$.media',
            s.value ->> '$.poster', coalesce(s.value -> '$.captions', '{}'), s.key + 1, NULL
     FROM ${DRAFT_SESSIONS}
     WHERE ?2 IS NOT NULL AND ${OWN_COURSE} AND ${AS_READ}
     ON CONFLICT (course_id, module_number, number) DO UPDATE SET kind = excluded.kind, duration = excluded.duration, media_url = excluded.media_url,
       poster_url = excluded.poster_url, captions = excluded.captions, position = excluded.position, removed_at = NULL`,
    `UPDATE session SET removed_at = ${NOW}
     WHERE course_id = ?3 AND removed_at IS NULL
       AND NOT EXISTS (SELECT 1 FROM ${DRAFT_SESSIONS} WHERE m.value ->> '$.number' = session.module_number AND s.value ->> '$.number' = session.number)
       AND ?2 IS NOT NULL AND ${OWN_COURSE} AND ${AS_READ}`,
  ],
  // A course a failed publish had created leaves the catalogue again; its rows stay for the next try.
  remove: `UPDATE course SET withdrawn_at = ${NOW} WHERE site_id = ?1 AND id = ?3 AND withdrawn_at IS NULL AND ?2 IS NOT NULL`,
};

export const CATEGORIES_SQL = {
  read: `SELECT json_object('order', (SELECT json_group_array(id) FROM (SELECT id FROM category WHERE site_id = ?1 AND type = 'category' ORDER BY position, id))) AS fields
         WHERE ?2 IS NOT NULL AND ?3 = 'catalogue' AND EXISTS (SELECT 1 FROM category WHERE site_id = ?1 AND type = 'category')`,
  write: [
    // A new category's address is its id.
    `INSERT INTO category (id, site_id, slug, type, position)
     SELECT j.value, ?1, j.value, 'category', j.key FROM json_each(?4, '$.order') j
     WHERE ?2 IS NOT NULL AND ?3 = 'catalogue' AND NOT EXISTS (SELECT 1 FROM category WHERE id = j.value AND site_id <> ?1) AND ${AS_READ}
     ON CONFLICT (id) DO UPDATE SET position = excluded.position`,
  ],
  // Categories are never taken away (courses name them); a failed publish's order is simply replaced by the next.
  remove: `SELECT ?1, ?2, ?3 WHERE 0`,
};
