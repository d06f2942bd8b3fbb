/**
 * The support form works without JavaScript: a request sent without the bot check (its proof of
 * work needs a script) is accepted up to this many times per address and hour; beyond, the check
 * is asked for, as for everyone using the API.
 */
export const UNCHECKED_SUPPORT_PER_HOUR = 3;
export const UNCHECKED_SUPPORT_WINDOW_MS = 60 * 60 * 1000;
