/** The largest image of the legal representative's signature the certificates carry, in bytes (the ECM screen's label says 200 KB). */
export const MAX_SIGNATURE_BYTES = 200 * 1024;
