/**
 * The OJC checkout form's name for each donor field of `POST /api/ojc/create-payment`: the
 * browser puts the API's field messages under its fields, and the server the page form's. A
 * module of its own, without the schemas, so the checkout page does not load zod for it.
 */
export const ojcCheckoutFormField: Readonly<Record<string, string>> = {
  donorName: 'name',
  donorEmail: 'email',
  donorPhone: 'phone',
};
