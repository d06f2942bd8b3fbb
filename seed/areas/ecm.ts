// ECM: the provider, each ECM course's event, editions and question banks, and the demo learner's
// ECM record (registry fields, a passed assessment, its questionnaire and certificate).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { requiredQuestions, type AssessmentMode } from '../../core/ecm/assessment-rules.ts';
import { drawAttempt } from '../../core/ecm/draw-attempt.ts';
import { validQuestions, type BankQuestion } from '../../core/ecm/question-bank.ts';
import { romeDayHour } from '../../core/rome-time.ts';
import { issueFiguresStatement } from '../../functions/data/ecm/records.ts';
import { newCertificateCode } from '../../functions/ecm/certificate-code.ts';
import { insert, readJson, renderStatement, row, SEED_DIR, SITE_ID, sql, type SeedCourse } from './seed-sql.ts';

interface SeedEvent {
  eventId: string;
  mode: AssessmentMode;
  /** How many editions: the last one runs this year, each earlier one a year before. */
  editions: number;
  hours: number;
  objective: number;
  tipologia: number;
  /** The accredited disciplines' registry codes, or every discipline of the registry. */
  disciplines: string[] | 'all';
}
interface SeedEcm {
  provider: { id: string; name: string; accreditationCode: string; legalRepresentative: string };
  minTimeShare: number | null;
  events: Record<string, SeedEvent>;
}
/** A demo edition: a calendar year, January 1st to December 30th (at most 365 days even in a leap year). */
interface SeedEdition {
  number: number;
  startsOn: string;
  endsOn: string;
}
/** The editions of a demo event as of `now`: the last one open in the current year. */
function seedEditions(event: SeedEvent, now: number): SeedEdition[] {
  const year = Number(romeDayHour(now).day.slice(0, 4));
  return Array.from({ length: event.editions }, (_, i) => {
    const y = year - (event.editions - 1 - i);
    return { number: i + 1, startsOn: `${y}-01-01`, endsOn: `${y}-12-30` };
  });
}
type SeedBanks = Record<string, Record<string, BankQuestion[]>>;

/**
 * ECM: the provider, each ECM course's event, editions and question banks. The registry's
 * professions, disciplines and objectives come with the migrations (0028), for every site.
 */
export function ecmReferenceSql(): string[] {
  const ecm = readJson<SeedEcm>('ecm.json');
  const banks = readJson<SeedBanks>('content/ecm-banks.json');
  const { courses } = readJson<{ courses: SeedCourse[] }>('content/courses.json');
  const credits = new Map(courses.map((course) => [course.id, course.ecmCredits]));
  const now = Date.now();
  const events = Object.entries(ecm.events);
  const editions = events.flatMap(([id, event]) => seedEditions(event, now).map((edition) => ({ id, event, edition })));
  const { provider } = ecm;
  return [
    insert('ecm_site', 'site_id, provider_id, provider_name, accreditation_code, legal_representative, min_time_share, signature, signature_type', [
      `(${[SITE_ID, provider.id, provider.name, provider.accreditationCode, provider.legalRepresentative, ecm.minTimeShare].map(sql).join(', ')}, X'${readFileSync(join(SEED_DIR, 'ecm-signature.png')).toString('hex')}', 'image/png')`,
    ]),
    insert(
      'ecm_course',
      'course_id, event_id, mode',
      events.map(([id, e]) => row(id, e.eventId, e.mode)),
    ),
    insert(
      'ecm_edition',
      'course_id, number, starts_on, ends_on, hours, credit_tenths, objective_id, tipologia, event_type',
      editions.map(({ id, event, edition }) =>
        row(id, edition.number, edition.startsOn, edition.endsOn, event.hours, Math.round((credits.get(id) ?? 0) * 10), event.objective, event.tipologia, 'E'),
      ),
    ),
    ...editions.map(({ id, event, edition }) =>
      event.disciplines === 'all'
        ? `INSERT OR IGNORE INTO ecm_edition_discipline (course_id, edition, discipline_id) SELECT ${sql(id)}, ${edition.number}, id FROM ecm_discipline;\n`
        : insert(
            'ecm_edition_discipline',
            'course_id, edition, discipline_id',
            event.disciplines.map((discipline) => row(id, edition.number, discipline)),
          ),
    ),
    insert(
      'ecm_bank',
      'course_id, locale, questions, updated_at',
      Object.entries(banks).flatMap(([id, locales]) => Object.entries(locales).map(([l, questions]) => row(id, l, JSON.stringify(questions), now))),
    ),
  ];
}

/**
 * The demo learner's ECM record: registry fields, the first ECM course passed with its
 * questionnaire and certificate (signed with SESSION_SECRET, so the verification page accepts it),
 * the second ECM course with every session done and its assessment not yet taken.
 */
export async function ecmDemoSql(learner: string, lastDone: Map<string, number>, random: () => number, secret: string, now: number): Promise<string> {
  const { courses } = readJson<{ courses: SeedCourse[] }>('content/courses.json');
  const ecm = readJson<SeedEcm>('ecm.json');
  const banks = readJson<SeedBanks>('content/ecm-banks.json');
  // A nurse (registry codes 14 / 085), employed by a health trust.
  const out = [`UPDATE user SET fiscal_code = 'BNCGLI88C52F205X', profession_id = '14', discipline_id = '085', employment = 'D' WHERE id = ${sql(learner)};\n`];
  const passed = courses.find((course) => course.ecmCredits !== null && ecm.events[course.id] && lastDone.has(course.id));
  const event = passed ? ecm.events[passed.id] : undefined;
  const bank = passed ? banks[passed.id]?.['it-IT'] : undefined;
  const completedAt = passed ? (lastDone.get(passed.id) ?? now) + 25 * 60_000 : now;
  const completedOn = romeDayHour(completedAt).day;
  const edition = event ? seedEditions(event, now).find((e) => e.startsOn <= completedOn && completedOn <= e.endsOn) : undefined;
  if (!passed || !event || !edition || !bank || passed.ecmCredits === null) return out.join('');
  let ids = 0;
  const hex = (length: number) => Array.from({ length }, () => Math.floor(random() * 16).toString(16)).join('');
  const questions = drawAttempt({
    bank: validQuestions({ questions: bank }),
    mode: event.mode,
    required: requiredQuestions(passed.ecmCredits),
    previous: null,
    random,
    newId: () => `${hex(8)}${(ids++).toString(16)}`,
  });
  // Two answers wrong out of 24: passed at 91 %, as a real learner might.
  const answers = Object.fromEntries(questions.map((q, i) => [q.id, i < 2 ? (q.options.find((o) => o.id !== q.correct)?.id ?? q.correct) : q.correct]));
  const correct = questions.filter((q) => answers[q.id] === q.correct).length;
  const attemptId = hex(32);
  const month = romeDayHour(completedAt).day.slice(0, 7);
  const certificateCode = await newCertificateCode(secret);
  out.push(
    insert(
      'ecm_attempt',
      'id, site_id, user_id, course_id, number, locale, questions, answers, started_at, updated_at, submitted_at, correct, total, passed, edition',
      [
        row(
          attemptId,
          SITE_ID,
          learner,
          passed.id,
          1,
          'it-IT',
          JSON.stringify(questions),
          JSON.stringify(answers),
          completedAt - 18 * 60_000,
          completedAt,
          completedAt,
          correct,
          questions.length,
          1,
          edition.number,
        ),
      ],
    ),
    insert('ecm_satisfaction', 'id, site_id, course_id, edition, month, relevance, quality, usefulness, time_adequacy, commercial_influence, comment', [
      row(hex(32), SITE_ID, passed.id, edition.number, month, 5, 4, 5, 4, 4, 'Casi pratici molto utili per il reparto.'),
    ]),
    insert('ecm_satisfaction_done', 'user_id, course_id', [row(learner, passed.id)]),
    insert(
      'ecm_certificate',
      `code, site_id, user_id, course_id, attempt_id, first_name, last_name, fiscal_code, profession_id, discipline_id, credits, event_id, edition, provider_id,
       provider_name, completed_at, issued_at, hours, objective_id, edition_starts_on, edition_ends_on, accreditation_code, legal_representative, employment`,
      [
        row(
          certificateCode,
          SITE_ID,
          learner,
          passed.id,
          attemptId,
          'Giulia',
          'Bianchi',
          'BNCGLI88C52F205X',
          '14',
          '085',
          passed.ecmCredits,
          event.eventId,
          edition.number,
          ecm.provider.id,
          ecm.provider.name,
          completedAt,
          completedAt + 6 * 60_000,
          event.hours,
          event.objective,
          edition.startsOn,
          edition.endsOn,
          ecm.provider.accreditationCode,
          ecm.provider.legalRepresentative,
          'D',
        ),
      ],
    ),
    // What it was issued on, recorded as the API records it: the demo history's hits and completions.
    renderStatement(issueFiguresStatement(certificateCode)),
  );
  return out.join('');
}
