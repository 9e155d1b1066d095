/**
 * The OJC checkout form's name for each donor field of `POST /api/ojc/create-payment`: the
 * browser puts the API's field messages under its fields, and the server the page form's. A
 * module of its own, without the schemas, so the checkout page does not load zod for it.
 */
/** The checkout form's names for the API's `dedication` parts (either checkout). */
export const dedicationCheckoutFormField: Readonly<Record<string, string>> = {
  dedication: 'dedicationName',
  'dedication.kind': 'dedicationKind',
  'dedication.name': 'dedicationName',
  'dedication.hebrewName': 'hebrewName',
  'dedication.relation': 'relation',
  'dedication.motherHebrewName': 'motherHebrewName',
};

export const ojcCheckoutFormField: Readonly<Record<string, string>> = {
  donorName: 'name',
  donorEmail: 'email',
  donorPhone: 'phone',
  ...dedicationCheckoutFormField,
};
