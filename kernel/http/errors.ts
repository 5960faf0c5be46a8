import { MSG_NOT_AUTHORIZED } from '../../common/texts';

/** The one JSON error shape: { error: { status, code, message, fields? } }. */
export interface FieldError {
  path: string;
  message: string;
}

export class HttpError extends Error {
  constructor(
    public status: number,
    message: string,
    public code = codeFor(status),
    public fields?: FieldError[],
    public extra?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'HttpError';
  }
  toJSON() {
    return {
      error: {
        status: this.status,
        code: this.code,
        message: this.message,
        ...(this.fields ? { fields: this.fields } : {}),
        ...(this.extra ?? {}),
      },
    };
  }
}

function codeFor(status: number): string {
  return (
    (
      {
        400: 'bad_request',
        401: 'unauthorized',
        403: 'forbidden',
        404: 'not_found',
        409: 'conflict',
        413: 'too_large',
        415: 'unsupported_media_type',
        429: 'too_many_requests',
        503: 'unavailable',
      } as Record<number, string>
    )[status] ?? (status >= 500 ? 'internal_error' : 'error')
  );
}

export const badRequest = (message: string, fields?: FieldError[]) =>
  new HttpError(400, message, 'validation_failed', fields);
export const unauthorized = (message = MSG_NOT_AUTHORIZED) => new HttpError(401, message);
export const forbidden = (message: string) => new HttpError(403, message);
export const notFound = (message = 'Not found') => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
