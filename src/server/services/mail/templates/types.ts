import type { ReactElement } from 'react';

export interface RenderedMail {
  subject: string;
  element: ReactElement;
  text: string;
  replyTo?: string;
  headers?: Record<string, string>;
}
