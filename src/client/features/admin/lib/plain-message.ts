import { ApiError } from '~/client/lib/api';

/**
 * What a person reads of a failed call: the server's own sentence, without the status the
 * ApiError's message starts with ('401: …'), or the screen's own words.
 */
export function plainMessage(error: unknown, fallback = 'Something went wrong. Please try again.') {
  if (error instanceof ApiError) {
    const message = error.message.replace(/^\d{3}: /, '');
    return /^\d{3}\b/.test(message) || !message ? fallback : message;
  }
  if (error instanceof Error && error.name === 'PasskeyError') return error.message;
  return fallback;
}

/** The server's message for one field of a refused form, if it sent one. */
export function fieldMessages(error: unknown): Record<string, string> {
  return error instanceof ApiError ? error.fields : {};
}
