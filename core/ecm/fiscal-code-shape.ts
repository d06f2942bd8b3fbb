/** The shape of a codice fiscale (omocodia letters allowed); the server also verifies its check character. */
export const FISCAL_CODE_SHAPE = /^[A-Z]{6}[0-9LMNPQRSTUV]{2}[ABCDEHLMPRST][0-9LMNPQRSTUV]{2}[A-Z][0-9LMNPQRSTUV]{3}[A-Z]$/;
