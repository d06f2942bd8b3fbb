/**
 * Tooltips and highlighting on the statistics charts the server drew as SVG. Nothing here draws
 * or moves the chart: the tooltip floats over it (absolutely placed in the chart's box), and the
 * highlight only dims the other bars or slices. The figures' tables give the values, so the
 * tooltip text is read from them and needs no data of its own.
 */
function highlight(figure: HTMLElement, index: string | null): void {
  figure.classList.toggle('is-highlighting', index !== null);
  for (const element of figure.querySelectorAll<Element>('[data-index]')) {
    element.classList.toggle('is-active', element.getAttribute('data-index') === index);
  }
}

function enhance(figure: HTMLElement): void {
  const canvas = figure.querySelector<HTMLElement>('.chart-canvas');
  const svg = canvas?.querySelector('svg');
  if (!canvas || !svg || figure.dataset.interactive === 'true') return;
  figure.dataset.interactive = 'true';
  const rows = [...figure.querySelectorAll('tbody tr')].map((row) => ({
    label: row.querySelector('th')?.textContent ?? '',
    value: row.querySelector('td')?.textContent ?? '',
  }));
  const tip = document.createElement('div');
  tip.className = 'chart-tip';
  tip.setAttribute('aria-hidden', 'true');
  tip.hidden = true;
  canvas.appendChild(tip);

  const hide = () => {
    tip.hidden = true;
    highlight(figure, null);
  };
  svg.addEventListener('pointermove', (event) => {
    const target = (event.target as Element).closest('[data-index]');
    const index = target?.getAttribute('data-index') ?? null;
    const row = index === null ? undefined : rows[Number(index)];
    if (index === null || !row) return hide();
    highlight(figure, index);
    tip.textContent = `${row.label}: ${row.value} ${figure.dataset.unit ?? ''}`.trimEnd();
    tip.hidden = false;
    const box = canvas.getBoundingClientRect();
    const x = Math.min(Math.max(event.clientX - box.left + 12, 0), Math.max(box.width - tip.offsetWidth, 0));
    const y = Math.max(event.clientY - box.top - tip.offsetHeight - 8, 0);
    tip.style.transform = `translate(${x}px, ${y}px)`;
  });
  svg.addEventListener('pointerleave', hide);
  // The pie's legend is the page's own list: pointing at an entry lights its slice.
  for (const item of figure.querySelectorAll<HTMLElement>('.chart-legend [data-index]')) {
    item.addEventListener('pointerenter', () => highlight(figure, item.dataset.index ?? null));
    item.addEventListener('pointerleave', () => highlight(figure, null));
  }
}

export function startChartInteractions(): void {
  for (const figure of document.querySelectorAll<HTMLElement>('figure.chart')) enhance(figure);
}
