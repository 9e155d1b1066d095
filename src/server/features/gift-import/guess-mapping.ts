import type { GiftImportField, GiftImportMapping } from '~/shared/schemas/gift-import';

/** Header names each field goes by in the files the office gets, lowered, without punctuation. */
const names: Record<GiftImportField, RegExp> = {
  name: /^(donor|donor name|name|full name|payer|payer name|from|sender|donor s name|contributor)$/,
  email: /^(e ?mail|email address|donor email|e mail address)$/,
  address:
    /^(address|postal address|mailing address|street address|donor address|street|address ?1|address line ?1|street ?1)$/,
  city: /^(city|town|city town)$/,
  state: /^(state|st|province|state province|region)$/,
  zip: /^(zip|zip ?code|postal code|postcode|post code|zip postal code)$/,
  amount: /^(amount|gift|gift amount|donation|donation amount|total|sum|amount usd|amt)$/,
  receivedOn:
    /^(date|date received|received|received on|gift date|deposit date|check date|cheque date|transaction date)$/,
  method: /^(method|payment method|type|payment type|how|paid by|payment)$/,
  reference:
    /^(check|check ?#|check no|check number|cheque|cheque no|cheque number|reference|ref|ref no|reference number|grant|grant number|grant id|voucher|voucher number|confirmation|confirmation number|transaction id)$/,
  dedication: /^(dedication|in honor of|in memory of|tribute|dedicated to)$/,
  note: /^(memo|note|notes|comment|comments|description)$/,
};

/** "Check #" → "check#", "Donor's Name" → "donor s name". */
const normalize = (header: string) =>
  header
    .toLowerCase()
    .replace(/[^\p{L}\p{N}#]+/gu, ' ')
    .trim()
    .replace(/\s*#/g, '#');

/** The first column whose header is a usual name of each field; a column fills one field only. */
export function guessMapping(headers: string[]): GiftImportMapping {
  const mapping: GiftImportMapping = {};
  const taken = new Set<number>();
  for (const field of Object.keys(names) as GiftImportField[]) {
    const index = headers.findIndex(
      (header, i) => !taken.has(i) && names[field].test(normalize(header)),
    );
    mapping[field] = index === -1 ? null : index;
    if (index !== -1) taken.add(index);
  }
  return mapping;
}
