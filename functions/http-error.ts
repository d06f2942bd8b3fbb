/** An error the API answers with its own status and message, as `{ statusCode, statusMessage, message }`. */
export class HttpError extends Error {
  readonly statusCode: number;
  readonly statusMessage: string;
  /** Extra response headers, e.g. Retry-After or the bot-check signal. */
  headers: Record<string, string> = {};

  constructor(statusCode: number, message: string, statusMessage = STATUS_MESSAGES[statusCode] ?? 'Error') {
    super(message);
    this.name = 'HttpError';
    this.statusCode = statusCode;
    this.statusMessage = statusMessage;
  }
}

/** An HttpError that also sets response headers (Retry-After, the bot-check signal). */
export function refusal(statusCode: number, message: string, headers: Record<string, string> = {}): HttpError {
  const error = new HttpError(statusCode, message);
  error.headers = headers;
  return error;
}

export const STATUS_MESSAGES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  428: 'Precondition Required',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

export function errorBody(error: HttpError): { statusCode: number; statusMessage: string; message: string } {
  return { statusCode: error.statusCode, statusMessage: error.statusMessage, message: error.message };
}
