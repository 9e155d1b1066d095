import { useState } from 'react';
import { dedicationKinds, type DedicationKind, type PrayerRelation } from '~/shared/domain';
import { controlClass, FieldShell } from '~/client/components/ui/field';
import { dedicationWords } from '~/client/features/campaign/lib/campaign-format';

const kindLabels: Record<DedicationKind, string> = {
  honor: 'In honor of',
  memory: 'In memory of',
  ilui: 'L’ilui nishmas (for the elevation of a soul)',
  refuah: 'Refuah shleimah (for a full recovery)',
};

/** As the prayer-names form words them (its module brings zod, which this public page does without). */
const relationLabels: Record<PrayerRelation, string> = {
  ben: 'Son of (ben)',
  bat: 'Daughter of (bat)',
};

/**
 * A gift's dedication: its kind, the name the wall shows, and the Hebrew name, ben or bat and the
 * mother's Hebrew name as the prayer list takes them, for the Rabbi to read at the tziyun. The
 * name fields are always in the plain page; with JavaScript they wait until a kind is chosen.
 */
export function GiftDedication({ scripted, nameError }: { scripted: boolean; nameError?: string }) {
  const [kind, setKind] = useState('');
  const hidden = scripted && kind === '';
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="text-sm font-semibold text-stone-800">Dedication (optional)</legend>
      <FieldShell label="Dedicate this gift">
        {({ inputId }) => (
          <select
            id={inputId}
            name="dedication"
            value={kind}
            onChange={(e) => setKind(e.target.value)}
            className={controlClass}
          >
            <option value="">No dedication</option>
            {dedicationKinds.map((value) => (
              <option key={value} value={value}>
                {kindLabels[value]}
              </option>
            ))}
          </select>
        )}
      </FieldShell>
      <div hidden={hidden} className="flex flex-col gap-3">
        <FieldShell
          label="Name as the wall shows it"
          error={nameError}
          hint={kind ? `${dedicationWords[kind as DedicationKind]} …` : undefined}
        >
          {({ inputId, describedBy }) => (
            <input
              id={inputId}
              name="dedicationName"
              maxLength={100}
              aria-invalid={nameError ? true : undefined}
              aria-describedby={describedBy}
              className={controlClass}
            />
          )}
        </FieldShell>
        <p className="text-sm text-stone-700">
          For the Rabbi to read at the tziyun, the Hebrew name and the mother’s Hebrew name:
        </p>
        <div className="grid gap-3 sm:grid-cols-[2fr_1fr_2fr]">
          <FieldShell label="Hebrew name">
            {({ inputId }) => (
              <input
                id={inputId}
                name="hebrewName"
                lang="he"
                dir="rtl"
                maxLength={60}
                className={controlClass}
              />
            )}
          </FieldShell>
          <FieldShell label="Son or daughter of">
            {({ inputId }) => (
              <select id={inputId} name="relation" defaultValue="" className={controlClass}>
                <option value="">Choose</option>
                {Object.entries(relationLabels).map(([value, label]) => (
                  <option key={value} value={value}>
                    {label}
                  </option>
                ))}
              </select>
            )}
          </FieldShell>
          <FieldShell label="Mother’s Hebrew name">
            {({ inputId }) => (
              <input
                id={inputId}
                name="motherHebrewName"
                lang="he"
                dir="rtl"
                maxLength={60}
                className={controlClass}
              />
            )}
          </FieldShell>
        </div>
      </div>
    </fieldset>
  );
}
