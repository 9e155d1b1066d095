import type { ToastMessage } from '~/client/components/ui/toast';

/**
 * The toast for a failed call (spec 8): the server's message first (an ApiError's message is the
 * server's sentence, without the HTTP status), else the screen's own words.
 */
export function failureToast(error: unknown, fallback: string, title = 'Error'): ToastMessage {
  return {
    title,
    description: error instanceof Error && error.message ? error.message : fallback,
    variant: 'destructive',
  };
}
