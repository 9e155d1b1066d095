import { useState } from 'react';
import { formatLongDate } from '~/shared/schedule';
import { Button } from '~/client/components/ui/button';
import { TextField } from '~/client/components/ui/field';
import { useToast } from '~/client/components/ui/toast';
import { failureToast } from '~/client/lib/failure-toast';
import { useZodForm } from '~/client/lib/use-zod-form';
import { prayerReadingInput, type PrayerList } from '~/shared/schemas/prayer-list';
import { useMarkPrayed, usePrayerListQuery } from '~/client/features/prayer-list/api/prayer-list';
import { EmptyState, QueryStatus } from '~/client/components/ui/panel-parts';

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
      <QueryStatus
        query={query}
        loadingLabel="Loading the prayer list…"
        errorTitle="The prayer list could not be loaded"
      />
      {list ? <WeekList list={list} /> : null}
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
        <div className="columns-1 gap-8 md:columns-2 print:columns-3 print:gap-5">
          {list.groups.map((group) => {
            const headingId = `intention-${group.intention}`;
            const [first, ...rest] = group.names;
            return (
              <section
                key={group.intention}
                aria-labelledby={headingId}
                className="mb-6 print:mb-2"
              >
                {/*
                 * The heading and the first name in one box no column or page may cut, so a
                 * heading never ends a column with its names in the next: break-after: avoid on
                 * the heading alone is a hint several browsers ignore in columns.
                 */}
                <div className="break-inside-avoid">
                  <h3
                    id={headingId}
                    className="text-lg font-semibold text-navy-950 print:border-b print:border-stone-400 print:text-[11pt]/[1.3]"
                  >
                    {group.label} ({group.names.length})
                  </h3>
                  {first ? (
                    <ol aria-labelledby={headingId} className={`${listClass} print:mt-0.5`}>
                      <NameItem name={first} />
                    </ol>
                  ) : null}
                </div>
                {rest.length > 0 ? (
                  <ol aria-labelledby={headingId} start={2} className={`${listClass} print:mt-0`}>
                    {rest.map((name) => (
                      <NameItem key={name.id} name={name} />
                    ))}
                  </ol>
                ) : null}
              </section>
            );
          })}
        </div>
      )}
    </>
  );
}

const listClass = 'mt-2 flex flex-col gap-2 print:block';

/** One name as the Rabbi reads it, with its English name and note beneath. */
function NameItem({ name }: { name: PrayerList['groups'][number]['names'][number] }) {
  return (
    <li className="break-inside-avoid print:mb-[1pt] print:leading-tight">
      <span
        lang="he"
        dir="rtl"
        className="block text-lg font-semibold text-stone-950 print:text-[11pt]/[1.2]"
      >
        {name.line}
      </span>
      <span className="block text-sm text-stone-700 print:text-[7pt]/[1.15]">
        {[name.englishName, name.note, name.tier].filter(Boolean).join(' · ')}
        <span className="print:hidden"> · given by {name.giverName}</span>
      </span>
    </li>
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
