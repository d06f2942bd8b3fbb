/**
 * How often passwords may be asked for, reset and changed. A reset link lives an hour. Within an
 * hour, an account gets at most 3 reset e-mails (more requests are answered the same and send
 * nothing, so the answer never tells whether an account exists); a client address may ask 3 times
 * without the bot check (a browser without JavaScript cannot solve it) and 20 times with it; a
 * signed-in user may try the current password 5 times.
 */
export const RESET_LINK_TTL_MS = 60 * 60 * 1000;
export const PASSWORD_WINDOW_MS = 60 * 60 * 1000;
export const RESET_MAILS_PER_ACCOUNT = 3;
export const RESET_REQUESTS_UNCHECKED = 3;
export const RESET_REQUESTS_CHECKED = 20;
export const PASSWORD_CHANGE_ATTEMPTS = 5;
