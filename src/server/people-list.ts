import { env } from 'cloudflare:workers';
import { printableLine } from '../../core/plain-text.ts';
import { PEOPLE_PAGE_SIZE, peopleQuery, type PeopleQuery } from '../../core/contracts/people.ts';
import { listCourseChoices, type CourseChoice } from '../../functions/data/people/enrolment.ts';
import { searchPeople, type PeoplePage } from '../../functions/data/people/people.ts';
import type { StaffPage } from './staff-page.ts';

/**
 * The learners list's query from the page's address (a GET form, so a search can be bookmarked,
 * shared with a colleague and paged through): the API's contract, each malformed field left out
 * rather than failing the page.
 */
export function peopleListQuery(url: URL): PeopleQuery {
  const raw = {
    // Searched as far as it can be rather than dropped (which would list everyone): invisible
    // characters removed, cut to the box's 100 characters as the box itself does.
    q: firstUnits(printableLine(url.searchParams.get('q') ?? '').trim(), 100) || undefined,
    status: url.searchParams.get('status') ?? undefined,
    course: url.searchParams.get('course') ?? undefined,
    page: url.searchParams.get('page') ?? undefined,
  };
  const whole = peopleQuery.safeParse(raw);
  if (whole.success) return whole.data;
  const kept = Object.fromEntries(Object.entries(raw).filter(([field, value]) => peopleQuery.safeParse({ [field]: value }).success));
  return peopleQuery.parse(kept);
}

/** The longest start of `text` within `max` UTF-16 units that splits no character. */
function firstUnits(text: string, max: number): string {
  let kept = '';
  for (const character of text) {
    if (kept.length + character.length > max) break;
    kept += character;
  }
  return kept;
}

export interface PeopleList {
  query: PeopleQuery;
  result: PeoplePage;
  courses: CourseChoice[];
}

export async function loadPeopleList(staff: StaffPage, url: URL): Promise<PeopleList> {
  const query = peopleListQuery(url);
  const [result, courses] = await Promise.all([
    searchPeople(env.DB, staff.actor.siteId, { ...query, pageSize: PEOPLE_PAGE_SIZE }),
    listCourseChoices(env.DB, staff.actor.siteId, staff.page.locale, staff.page.site.defaultLocale),
  ]);
  return { query, result, courses };
}

/** The list's address for another page, with the same search and filters. */
export function peopleListHref(locale: string, query: PeopleQuery, page: number): string {
  const params = new URLSearchParams();
  if (query.q) params.set('q', query.q);
  if (query.status) params.set('status', query.status);
  if (query.course) params.set('course', query.course);
  if (page > 1) params.set('page', String(page));
  const search = params.toString();
  return `/${locale}/staff/people${search ? `?${search}` : ''}`;
}
