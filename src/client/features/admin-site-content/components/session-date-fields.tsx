import { formatLongDate, isoDateIn, nextSessionDate } from '~/shared/schedule';
import { useField, useSectionForm } from './section-form-context';
import { CalendarInput, NumberInput } from './content-fields';

/** 'America/New_York' as the office says it: 'New York time'. */
export function zoneName(timeZone: string) {
  const city = timeZone.split('/').pop() ?? timeZone;
  return `${city.replaceAll('_', ' ')} time`;
}

/**
 * A recurring session's next date, in the site's time zone, and how often it comes back. A date
 * that has passed is never announced to visitors: the pages roll it forward by the interval, so
 * the form says which date they see instead and asks for the real one.
 */
export function SessionDateFields({ withTime = false }: { withTime?: boolean }) {
  const { timeZone } = useSectionForm().fixed;
  const date = useField<string>('nextSession');
  const every = useField<number | string>('everyMonths');
  const zone = zoneName(timeZone);
  const today = isoDateIn(new Date(), timeZone);
  const months = typeof every.value === 'number' && every.value > 0 ? every.value : null;
  const valid = /^\d{4}-\d{2}-\d{2}$/.test(date.value ?? '');
  const passed = valid && date.value < today;
  return (
    <div className="flex flex-col gap-4">
      <div className="grid gap-4 md:grid-cols-3">
        <CalendarInput
          path="nextSession"
          type="date"
          label={`Next session (${zone})`}
          hint={`The date in ${zone}.`}
        />
        {withTime ? (
          <CalendarInput
            path="startTime"
            type="time"
            required={false}
            label={`Start time (${zone}, optional)`}
            hint="Leave empty to show the date only."
          />
        ) : null}
        <NumberInput path="everyMonths" label="Months between sessions" />
      </div>
      {passed ? (
        <p
          role="status"
          className="rounded-lg border border-amber-700 bg-amber-50 p-3 text-amber-950"
        >
          <strong>This date has passed</strong> ({formatLongDate(date.value)}, {zone}). Visitors
          never see it as upcoming: they see the next session after it
          {months
            ? `, every ${months === 1 ? 'month' : `${months} months`}: ${formatLongDate(nextSessionDate(date.value, months, today))}`
            : ''}
          . Set the real next date.
        </p>
      ) : null}
    </div>
  );
}
