import { dedicationKindLabels, type DedicationKind, type PrayerRelation } from './domain';

/** The Hebrew word between a name and the mother's name, as the prayer list reads it. */
const relationHebrew: Record<PrayerRelation, string> = { ben: 'בן', bat: 'בת' };

/** A dedication's parts, as the API takes them and the rows keep them. */
export interface DedicationParts {
  kind: DedicationKind;
  name: string;
  hebrewName?: string | null | undefined;
  relation?: PrayerRelation | null | undefined;
  motherHebrewName?: string | null | undefined;
}

/** "משה בן שרה", as the Rabbi reads it; null without the Hebrew parts. */
export function dedicationHebrewLine(dedication: DedicationParts): string | null {
  const { hebrewName, relation, motherHebrewName } = dedication;
  if (!hebrewName || !relation || !motherHebrewName) return null;
  return `${hebrewName} ${relationHebrew[relation]} ${motherHebrewName}`;
}

/** "In memory of Rivka Levy (רבקה בת שרה)": the receipt's and My giving's line. */
export function dedicationText(dedication: DedicationParts): string {
  const hebrew = dedicationHebrewLine(dedication);
  const words = `${dedicationKindLabels[dedication.kind]} ${dedication.name}`;
  return hebrew ? `${words} (${hebrew})` : words;
}
