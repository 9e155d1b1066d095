import { useState } from 'react';
import { formatLongDate } from '~/shared/schedule';
import { Button } from '~/client/components/ui/button';
import { TextField } from '~/client/components/ui/field';
import { useToast } from '~/client/components/ui/toast';
import { failureToast } from '~/client/lib/failure-toast';
import { useZodForm } from '~/client/lib/use-zod-form';
import { prayerReadingInput, type PrayerList } from '~/shared/schemas/prayer-list';
import { useMarkPrayed, usePrayerListQuery } from '~/client/features/prayer-list/api/prayer-list';
import { EmptyState, QueryContent } from '~/client/components/ui/panel-parts';
import { PrintNameGroups } from '~/client/components/ui/print-name-groups';

const loadSchema = () => Promise.resolve(prayerReadingInput);

/** A calendar date moved by whole days (ISO dates, no time zone involved). */
function addDays(iso: string, days: number) {
  const date = new Date(`${iso}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/**
 * The weekly prayer list (also alone at /admin/prayer-list): the week's names grouped by
 * intention under its Hebrew dates, printable on one or two pages, and the office's "read at
 * the tziyun" that tells each giver by email.
 */
export default function PrayerListPanel() {
  const [week, setWeek] = useState<string | undefined>();
  const query = usePrayerListQuery(week);
  const list = query.data;
  return (
    <section aria-labelledby="prayer-list-heading" className="flex flex-col gap-6 print:gap-3">
      <div className="flex flex-wrap items-center gap-2 print:hidden">
        {list ? (
          <>
            <Button variant="outline" onClick={() => setWeek(addDays(list.week.start, -7))}>
              Previous week
            </Button>
            <Button
              variant="outline"
              disabled={list.isCurrentWeek}
              onClick={() => setWeek(undefined)}
            >
              This week
            </Button>
            <Button variant="outline" onClick={() => setWeek(addDays(list.week.start, 7))}>
              Next week
            </Button>
            <Button onClick={() => window.print()} disabled={list.total === 0}>
              Print the list
            </Button>
          </>
        ) : null}
      </div>
      <QueryContent
        query={query}
        loadingLabel="Loading the prayer list…"
        errorTitle="The prayer list could not be loaded"
      >
        {(week) => <WeekList list={week} />}
      </QueryContent>
    </section>
  );
}

function WeekList({ list }: { list: PrayerList }) {
  const { week } = list;
  return (
    <>
      <header className="border-b border-stone-300 pb-3 print:pb-2">
        <h2
          id="prayer-list-heading"
          className="font-display text-2xl font-semibold text-navy-950 print:text-[16pt]"
        >
          Prayer list: week of {formatLongDate(week.start)}
        </h2>
        <p lang="he" dir="rtl" className="mt-1 text-xl text-navy-950 print:text-[14pt]">
          {week.hebrewStart.hebrew} – {week.hebrewEnd.hebrew}
        </p>
        <p className="text-stone-700">
          {week.hebrewStart.english} – {week.hebrewEnd.english} ·{' '}
          {list.total === 1 ? '1 name' : `${list.total} names`}
        </p>
      </header>
      <ReadingStatus list={list} />
      {list.total === 0 ? (
        <EmptyState>No names are on this week’s list.</EmptyState>
      ) : (
        <PrintNameGroups
          idPrefix="intention"
          groups={list.groups.map((group) => ({
            id: group.intention,
            label: group.label,
            names: group.names.map((name) => ({
              id: name.id,
              line: name.line,
              detail: [name.englishName, name.note, name.tier].filter(Boolean).join(' · '),
              screenDetail: `given by ${name.giverName}`,
            })),
          }))}
        />
      )}
    </>
  );
}

/** When the list was read, or the form that marks it read (the office, after the prayers). */
function ReadingStatus({ list }: { list: PrayerList }) {
  const { reading, week } = list;
  if (reading) {
    return (
      <p role="status" className="rounded-md bg-emerald-50 p-3 text-emerald-900">
        Read at the tziyun on {formatLongDate(reading.prayedOn)}, {reading.hebrewDateEnglish} (
        <span lang="he">{reading.hebrewDate}</span>)
        {reading.markedBy ? `, marked by ${reading.markedBy}` : ''}.
      </p>
    );
  }
  if (week.start > list.today || list.total === 0) return null;
  return <MarkPrayedForm list={list} />;
}

function MarkPrayedForm({ list }: { list: PrayerList }) {
  const { week, today } = list;
  const lastDay = today < week.end ? today : week.end;
  // The week is the list's, sent with the day: only the day is typed.
  const form = useZodForm(loadSchema, { week: week.start, prayedOn: lastDay });
  const mark = useMarkPrayed();
  const toast = useToast();
  const markPrayed = async (reading: { week: string; prayedOn: string }) => {
    try {
      const result = await mark.mutateAsync(reading);
      toast({
        title: 'Marked as prayed',
        description: `${result.names} names read; ${result.givers} ${result.givers === 1 ? 'giver is' : 'givers are'} being told by email.`,
      });
    } catch (failure) {
      toast(failureToast(failure, 'The list could not be marked as prayed.'));
      throw failure;
    }
  };
  const refused = (errors: Record<string, string>) =>
    toast({ title: 'Error', description: Object.values(errors)[0] ?? '', variant: 'destructive' });
  return (
    <form
      {...form.formProps}
      onSubmit={form.submitWith(markPrayed, refused)}
      className="flex flex-wrap items-end gap-3 rounded-xl bg-white p-4 ring-1 ring-stone-300 print:hidden"
    >
      <TextField
        label="Read at the tziyun on"
        type="date"
        required
        min={week.start}
        max={lastDay}
        {...form.field('prayedOn')}
      />
      <Button type="submit" disabled={mark.isPending}>
        {mark.isPending ? 'Marking...' : 'Mark as prayed'}
      </Button>
      <p className="w-full text-sm text-stone-700">
        Each member or donor whose names are on the list gets an email saying they were read, with
        the Hebrew date.
      </p>
    </form>
  );
}
