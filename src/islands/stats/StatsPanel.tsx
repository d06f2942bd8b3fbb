import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { ApiRequestError, createApiClient } from '../../lib/api-client.ts';
import { formatTimeSpent } from '../../../core/duration.ts';
import { afterFirstInteraction } from '../../lib/first-interaction.ts';
import { busiestDay, type Stats, type StatItem } from '../../../core/stats.ts';
import { translator, type Translate } from '../../../core/translate.ts';
import { barOptions, pieOptions } from './chart-options.ts';

// ECharts arrives in its own chunk, only here, once the page is interactive.
const EChart = lazy(() => import('./EChart.tsx'));
// Listen for the visitor's first activity from the moment this module runs, before hydration.
if (typeof window !== 'undefined') void afterFirstInteraction();

interface Props {
  siteId: string;
  locale: string;
  strings: Record<string, string>;
  /** The statistics read by the page itself, so the figures and tables arrive with the HTML. */
  initial?: Stats | null;
}

type State = { kind: 'loading' } | { kind: 'failed'; message: string } | { kind: 'ready'; stats: Stats };

export default function StatsPanel({ siteId, locale, strings, initial = null }: Props) {
  const t = translator(strings);
  const [state, setState] = useState<State>(initial ? { kind: 'ready', stats: initial } : { kind: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    // Statistics that came with the page need no call; a retry or a client-only mount asks the API.
    if (initial && attempt === 0) return;
    const client = createApiClient({ siteId: () => siteId, localeCode: () => locale });
    let active = true;
    client
      .get<{ data: Stats }>('/api/stats')
      .then((outcome) => active && setState({ kind: 'ready', stats: outcome.data }))
      .catch((error: unknown) => active && setState({ kind: 'failed', message: error instanceof ApiRequestError ? error.message : t('stats.error') }));
    return () => {
      active = false;
    };
  }, [siteId, locale, attempt]);

  if (state.kind === 'loading') return <p aria-busy="true" data-testid="stats-loading">{t('stats.loading')}</p>;
  if (state.kind === 'failed')
    return (
      <p role="alert" className="field-error">
        {state.message}{' '}
        <button type="button" onClick={() => (setState({ kind: 'loading' }), setAttempt(attempt + 1))}>
          {t('stats.retry')}
        </button>
      </p>
    );

  const { stats } = state;
  const busiest = busiestDay(stats);
  const periodMinutes = stats.timeSpentByDay.reduce((sum, day) => sum + day.data, 0);
  const dayFormat = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', timeZone: 'UTC' });
  const dayLabels = stats.timeSpentByDay.map((day) => dayFormat.format(new Date(`${day.label}T12:00:00Z`)));
  const deviceLabels = stats.devices.map((item) => t(`device.${item.label}`));
  const hourLabels = stats.timeSpentByHour.map((item) => `${item.label}:00`);
  const subjectLabels = stats.courseSubject.map((item) => item.label);
  const top = (items: StatItem[], labels: string[]) => {
    let index = -1;
    items.forEach((item, i) => {
      if (item.data > 0 && (index < 0 || item.data > (items[index]?.data ?? 0))) index = i;
    });
    return index < 0 ? null : { label: labels[index] ?? '', minutes: items[index]?.data ?? 0 };
  };
  const topDevice = top(stats.devices, deviceLabels);
  const topHour = top(stats.timeSpentByHour, hourLabels);
  const topSubject = top(stats.courseSubject, subjectLabels);

  return (
    <div className="stats">
      <dl className="stats-summary">
        <div>
          <dt>{t('profile.totalTime')}</dt>
          <dd data-testid="stats-total">{formatTimeSpent(stats.totalTimeSpent, { hours: t('time.hours'), minutes: t('time.minutes') })}</dd>
        </div>
        <div>
          <dt>{t('stats.periodTime')}</dt>
          <dd>{formatTimeSpent(periodMinutes * 60_000, { hours: t('time.hours'), minutes: t('time.minutes') })}</dd>
        </div>
        <div>
          <dt>{t('stats.busiestDay')}</dt>
          <dd data-testid="stats-busiest">{busiest ? `${t(`weekday.${busiest.label}`)} (${busiest.data} min)` : '—'}</dd>
        </div>
      </dl>
      <ChartFigure id="by-day" title={t('stats.byDay')} summary={periodMinutes > 0 ? t('stats.byDaySummary', { minutes: Math.round(periodMinutes) }) : null} empty={t('stats.empty')} t={t} items={stats.timeSpentByDay} labels={dayLabels} option={barOptions(stats.timeSpentByDay, dayLabels)} />
      <ChartFigure id="by-device" title={t('stats.byDevice')} summary={topDevice ? t('stats.topDevice', topDevice) : null} empty={t('stats.empty')} t={t} items={stats.devices} labels={deviceLabels} option={pieOptions(stats.devices, deviceLabels)} />
      <ChartFigure id="by-hour" title={t('stats.byHour')} summary={topHour ? t('stats.topHour', topHour) : null} empty={t('stats.empty')} t={t} items={stats.timeSpentByHour} labels={hourLabels} option={barOptions(stats.timeSpentByHour, hourLabels, '#e07a00')} />
      <ChartFigure id="by-subject" title={t('stats.bySubject')} summary={topSubject ? t('stats.topSubject', topSubject) : null} empty={t('stats.empty')} t={t} items={stats.courseSubject} labels={subjectLabels} option={pieOptions(stats.courseSubject, subjectLabels)} />
    </div>
  );
}

interface FigureProps {
  id: string;
  title: string;
  /** One sentence for everyone, chart or not; null when there is nothing to show. */
  summary: string | null;
  empty: string;
  items: StatItem[];
  labels: string[];
  option: Record<string, unknown>;
  t: Translate;
}

function ChartFigure({ id, title, summary, empty, items, labels, option, t }: FigureProps) {
  return (
    <figure className="chart" aria-labelledby={`${id}-title`} data-testid={`chart-${id}`}>
      <h3 id={`${id}-title`}>{title}</h3>
      {summary === null ? (
        <p className="notice" data-testid="chart-empty">{empty}</p>
      ) : (
        <>
          <figcaption>{summary}</figcaption>
          {/* The table below is the chart's text alternative: the drawing itself is decoration. */}
          <LazyChart option={option} loading={t('stats.loadingChart')} />
          <details>
            <summary>{t('stats.showData')}</summary>
            <table>
              <caption>{title}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('stats.label')}</th>
                  <th scope="col">{t('stats.minutes')}</th>
                </tr>
              </thead>
              <tbody>
                {items.map((item, i) => (
                  <tr key={item.label}>
                    <th scope="row">{labels[i]}</th>
                    <td>{item.data}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </details>
        </>
      )}
    </figure>
  );
}

/**
 * The drawing, in its reserved space: ECharts is fetched and started once the visitor is active
 * (moves the pointer, touches, scrolls or presses a key) and the figure comes near the viewport,
 * so the page loads without it and charts below the fold cost nothing until they are scrolled to.
 * The drawing is decoration (aria-hidden): the figures and tables are in the page already.
 */
function LazyChart({ option, loading }: { option: Record<string, unknown>; loading: string }) {
  const box = useRef<HTMLDivElement>(null);
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    // ECharts is some 180 KiB of gzip JavaScript: never while the page itself loads.
    const activity = afterFirstInteraction();
    let active = true;
    const observer = new IntersectionObserver((entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      void activity.then(() => active && setVisible(true));
    }, { rootMargin: '200px' });
    observer.observe(element);
    return () => {
      active = false;
      observer.disconnect();
    };
  }, []);
  return (
    <div aria-hidden="true" className="chart-canvas" ref={box}>
      {visible ? (
        <Suspense fallback={<p className="muted">{loading}</p>}>
          <EChart option={option} />
        </Suspense>
      ) : (
        <p className="muted">{loading}</p>
      )}
    </div>
  );
}
