/** Messages the spec names that the browser shows without loading a schema. */
export const messages = {
  invalidEmail: 'Please enter a valid email address',
  emailRequired: 'Please enter your email address',
} as const;
