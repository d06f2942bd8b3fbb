import { LEVEL_THRESHOLDS } from '../../core/gamification.ts';
import { TIME_ZONE } from '../../core/rome-time.ts';
import type { Badge, Level, Progress } from '../../core/contracts/game.ts';
import type { CategoryTag } from '../../core/contracts/site.ts';
import type { Translate } from '../../core/translate.ts';
import BadgeArt from '../islands/game/BadgeArt.tsx';
import '../islands/game/game.css';

interface Props {
  locale: string;
  t: Translate;
  badges: Badge[];
  levels: Level[];
  categories: CategoryTag[];
  progress: Progress;
}

/**
 * Levels per category and every badge, earned or not. Drawn on the server with the page (no
 * hydration): the learner reads it at once, with or without scripts.
 */
export default function GamificationPanel({ locale, t, badges, levels: thresholdsOfSite, categories, progress }: Props) {
  const date = (iso: string) => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: TIME_ZONE }).format(new Date(iso));
  const thresholds = thresholdsOfSite.length ? thresholdsOfSite : LEVEL_THRESHOLDS.map((l) => ({ ...l, name: '' }));
  const levels = Object.entries(progress.levels).sort((a, b) => b[1].experience - a[1].experience);

  return (
    <div className="game">
      <section aria-labelledby="game-levels">
        <h2 id="game-levels">{t('profile.levels')}</h2>
        {levels.length === 0 ? (
          <p className="notice" data-testid="levels-empty">
            {t('profile.noLevels')}
          </p>
        ) : (
          <ul className="level-cards">
            {levels.map(([categoryId, level]) => {
              const name = categories.find((category) => category._id === categoryId)?.name ?? categoryId;
              const next = thresholds.find((threshold) => threshold.level === level.level + 1);
              const label = thresholds.find((threshold) => threshold.level === level.level)?.name;
              return (
                <li key={categoryId} className="level-card" data-testid="level-card">
                  <h3>{name}</h3>
                  <p>
                    <strong>{t('profile.level', { n: level.level })}</strong>
                    {label ? ` · ${label}` : ''} · {t('profile.experience', { xp: level.experience })}
                  </p>
                  {next ? (
                    <>
                      <progress
                        max={next.experience}
                        value={level.experience}
                        aria-label={t('game.toNextLevel', { xp: next.experience - level.experience, level: next.level })}
                      />
                      <p className="muted">{t('game.toNextLevel', { xp: next.experience - level.experience, level: next.level })}</p>
                    </>
                  ) : (
                    <p className="muted">{t('game.maxLevel')}</p>
                  )}
                  <p className="muted">{t('game.since', { date: date(level.obtainedAt) })}</p>
                </li>
              );
            })}
          </ul>
        )}
      </section>
      <section aria-labelledby="game-badges">
        <h2 id="game-badges">{t('game.badges')}</h2>
        <ul className="badge-grid">
          {badges.map((badge) => {
            const earned = progress.badges[badge._id];
            return (
              <li key={badge._id} className={earned ? 'badge-card earned' : 'badge-card'} data-testid={earned ? 'badge-earned' : 'badge-locked'}>
                <BadgeArt icon={badge.icon} earned={Boolean(earned)} />
                <h3>{badge.name}</h3>
                <p>{badge.description}</p>
                <p className="muted">
                  {earned
                    ? `${t('game.earnedOn', { date: date(earned.obtainedAt) })}${earned.amount > 1 ? ` · ×${earned.amount}` : ''}${earned.chain > 1 ? ` · ${t('game.chain', { n: earned.chain })}` : ''}`
                    : t('game.notYet')}
                </p>
              </li>
            );
          })}
        </ul>
      </section>
    </div>
  );
}
