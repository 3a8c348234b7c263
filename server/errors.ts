/** An error whose status code and message are safe to show to the API caller. */
export class HttpError extends Error {
  readonly statusCode: number;

  constructor(statusCode: number, message: string) {
    super(message);
    this.name = 'HttpError';
    this.statusCode = statusCode;
  }
}

/** 400: the request is malformed or breaks a rule. */
export const badRequest = (message: string) => new HttpError(400, message);
/** 401: the caller is not signed in or its credentials are wrong. */
export const unauthorized = (message = 'Authentication required.') => new HttpError(401, message);
/** 403: the caller's role may not do this. */
export const forbidden = (message = 'You do not have permission to do this.') => new HttpError(403, message);
/** 404: missing, or belongs to another organisation (never reveal which). */
export const notFound = (message = 'Not found.') => new HttpError(404, message);
/** 409: conflicts with existing data (duplicates). */
export const conflict = (message: string) => new HttpError(409, message);
