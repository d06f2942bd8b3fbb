import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { LEVEL_THRESHOLDS } from '../../../core/gamification.ts';
import { translator } from '../../../core/translate.ts';
import { $loadedSite, $siteError, ensureSiteLoaded } from '../../stores/site.ts';
import BadgeArt from './BadgeArt.tsx';
import './game.css';

interface Props {
  siteId: string;
  locale: string;
  strings: Record<string, string>;
}

/** Levels per category and every badge, earned or not, from the site's game data and the learner's progress. */
export default function GamificationPanel({ siteId, locale, strings }: Props) {
  const t = translator(strings);
  const loaded = useStore($loadedSite);
  const error = useStore($siteError);
  useEffect(() => {
    ensureSiteLoaded(siteId, locale, true).catch(() => undefined);
  }, [siteId, locale]);
  const date = (iso: string) => new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(new Date(iso));

  if (error)
    return (
      <p className="field-error" role="alert">
        {t('game.error')}
      </p>
    );
  if (!loaded)
    return (
      <p aria-busy="true" data-testid="game-loading">
        {t('game.loading')}
      </p>
    );
  const progress = loaded.progress ?? { badges: {}, levels: {} };
  const thresholds = loaded.levels.length ? loaded.levels : LEVEL_THRESHOLDS.map((l) => ({ ...l, name: '' }));
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
              const name = loaded.categories.find((category) => category._id === categoryId)?.name ?? categoryId;
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
          {loaded.badges.map((badge) => {
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
