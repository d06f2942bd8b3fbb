/** Parses an 'h m s' duration such as '1h 20m 5s' (parts optional, any order) into [hours, minutes, seconds]. */
export function parseDuration(text: string): [number, number, number] {
  const result: [number, number, number] = [0, 0, 0];
  for (const match of text.matchAll(/(\d+)\s*([hms])/gi)) {
    const value = Number(match[1]);
    const unit = match[2]?.toLowerCase();
    if (unit === 'h') result[0] += value;
    else if (unit === 'm') result[1] += value;
    else result[2] += value;
  }
  return result;
}

/** Sums durations with carry at 60: seconds into minutes, minutes into hours. */
export function sumDurations(durations: readonly [number, number, number][]): [number, number, number] {
  let [hours, minutes, seconds] = [0, 0, 0];
  for (const [h, m, s] of durations) {
    hours += h;
    minutes += m;
    seconds += s;
  }
  minutes += Math.floor(seconds / 60);
  seconds %= 60;
  hours += Math.floor(minutes / 60);
  minutes %= 60;
  return [hours, minutes, seconds];
}

export function formatDuration([hours, minutes, seconds]: readonly [number, number, number]): string {
  return `${hours}h ${minutes}m ${seconds}s`;
}

/** '1h 50m 0s' + '0h 20m 30s' -> '2h 10m 30s'. */
export function totalDuration(texts: readonly string[]): string {
  return formatDuration(sumDurations(texts.map(parseDuration)));
}

/** Milliseconds as hours and minutes, e.g. 3_900_000 -> '1 h 5 min'. */
export function formatTimeSpent(ms: number, labels: { hours: string; minutes: string } = { hours: 'h', minutes: 'min' }): string {
  const totalMinutes = Math.floor(Math.max(ms, 0) / 60_000);
  return `${Math.floor(totalMinutes / 60)} ${labels.hours} ${totalMinutes % 60} ${labels.minutes}`;
}
