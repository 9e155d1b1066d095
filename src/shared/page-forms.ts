/**
 * The public forms that also post without JavaScript (src/server/ssr/page-forms.ts): each HTML
 * form carries its name in this hidden field, and the page it returns to says it is done with
 * `?sent=<name>`.
 */
export const PAGE_FORM_FIELD = '_form';

export const pageFormNames = [
  'contact',
  'newsletter',
  'newsletter-confirm',
  'join',
  'comment',
  'ojc-checkout',
  'ojc-charge',
  'prayer-link',
  'prayer-link-open',
  'prayer-name',
  'prayer-name-edit',
  'prayer-name-renew',
  'prayer-name-remove',
  'giving-link',
  'giving-link-open',
  'giving-erasure',
  'giving-wall',
  'giving-sign-out',
  'gift-portal',
  'gift-cancel',
  'campaign-opt-out',
  'ambassador-request',
] as const;
export type PageFormName = (typeof pageFormNames)[number];

/**
 * A form's state as the server renders its page: sent back to be corrected (what was typed and
 * a message per field), or done (`sent`, the answer the API would have given).
 */
export interface PageFormState {
  name: PageFormName;
  values: Record<string, string>;
  errors: Record<string, string>;
  sent?: string;
}
