/** A wall time as people read it: "6 min 12 s", "48 s", "1 h 3 min 5 s". */
export function formatElapsed(ms) {
  const seconds = Math.round(ms / 1000);
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const parts = [];
  if (hours) parts.push(`${hours} h`);
  if (hours || minutes) parts.push(`${minutes} min`);
  parts.push(`${seconds % 60} s`);
  return parts.join(' ');
}
