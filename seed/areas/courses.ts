// The catalogue: categories, courses, modules and sessions, each with its texts in every locale.
import { richDoc, type RichDoc } from '../../core/rich-text.ts';
import { insert, LOCALES, row, SITE_ID, type SeedCategory, type SeedCourse } from './seed-sql.ts';

/**
 * A session's text as the document the player shows: written in the seed as a document (a lesson
 * with lists and tables), or as plain text whose blank-line-separated paragraphs become paragraphs.
 */
const bodyDoc = (body: string | RichDoc) => JSON.stringify(typeof body === 'string' ? richDoc(body) : body);

/** The catalogue of seed/content/courses.json. */
export function coursesSql(categories: SeedCategory[], courses: SeedCourse[]): string[] {
  const out: string[] = [];
  out.push(
    insert(
      'category',
      'id, site_id, slug, type, position',
      categories.map((c, i) => row(c.id, SITE_ID, c.slug, 'category', i)),
    ),
  );
  out.push(
    insert(
      'category_text',
      'category_id, locale, name, description',
      categories.flatMap((c) => LOCALES.map((l) => row(c.id, l, c.name[l], c.description[l]))),
    ),
  );
  out.push(
    insert(
      'course',
      'id, site_id, category_id, ecm_credits, position',
      courses.map((c, i) => row(c.id, SITE_ID, c.category, c.ecmCredits, i)),
    ),
  );
  out.push(
    insert(
      'course_text',
      'course_id, locale, title, summary, description',
      courses.flatMap((c) => LOCALES.map((l) => row(c.id, l, c.title[l], c.summary[l], c.description[l]))),
    ),
  );
  out.push(
    insert(
      'module',
      'course_id, number, position',
      courses.flatMap((c) => c.modules.map((_, m) => row(c.id, m + 1, m + 1))),
    ),
  );
  out.push(
    insert(
      'module_text',
      'course_id, number, locale, title',
      courses.flatMap((c) => c.modules.flatMap((mod, m) => LOCALES.map((l) => row(c.id, m + 1, l, mod.title[l])))),
    ),
  );
  out.push(
    insert(
      'session',
      'course_id, module_number, number, kind, duration, media_url, poster_url, captions, position',
      courses.flatMap((c) =>
        c.modules.flatMap((mod, m) =>
          mod.sessions.map((s, n) =>
            row(c.id, m + 1, n + 1, s.kind, s.duration, s.mediaUrl ?? null, s.posterUrl ?? null, JSON.stringify(s.captions ?? {}), n + 1),
          ),
        ),
      ),
    ),
  );
  out.push(
    insert(
      'session_text',
      'course_id, module_number, number, locale, title, body',
      courses.flatMap((c) =>
        c.modules.flatMap((mod, m) => mod.sessions.flatMap((s, n) => LOCALES.map((l) => row(c.id, m + 1, n + 1, l, s.title[l], bodyDoc(s.body[l]))))),
      ),
    ),
  );
  return out;
}
