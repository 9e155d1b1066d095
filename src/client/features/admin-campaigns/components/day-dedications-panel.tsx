import { useSearchParams } from 'wouter';
import { formatLongDate } from '~/shared/schedule';
import type { CampaignDedications } from '~/shared/schemas/campaign-dedications';
import { Button } from '~/client/components/ui/button';
import { EmptyState, QueryContent } from '~/client/components/ui/panel-parts';
import { PrintNameGroups } from '~/client/components/ui/print-name-groups';
import { useZodForm } from '~/client/lib/use-zod-form';
import { useDayDedicationsQuery } from '~/client/features/admin-campaigns/api/campaigns';

/**
 * A campaign day's dedications for the Rabbi to read at the tziyun (/admin/campaigns/:id/
 * dedications?date=): the gifts received that day, grouped by kind as the weekly prayer list
 * groups by intention, on the same printable page. Each reads its Hebrew line when the donor
 * gave one, else the name as written.
 */
export default function DayDedicationsPanel({ campaignId }: { campaignId: string }) {
  const [params, setParams] = useSearchParams();
  const date = params.get('date') ?? undefined;
  const query = useDayDedicationsQuery(campaignId, date);
  const list = query.data;
  // Checked by the server alone: a day it cannot read is an error the panel shows.
  const form = useZodForm(null, { date: date ?? '' });
  const day = form.field('date');
  return (
    <section aria-labelledby="dedications-heading" className="flex flex-col gap-6 print:gap-3">
      <form
        className="flex flex-wrap items-end gap-3 print:hidden"
        onSubmit={form.submitWith(() => setParams(day.value ? { date: day.value } : {}))}
      >
        <label className="flex flex-col gap-1 text-sm font-medium text-stone-800">
          Day
          <input
            type="date"
            name={day.name}
            value={day.value || list?.date || ''}
            onChange={(event) => day.onValue(day.name, event.target.value)}
            className="rounded-md border border-stone-400 px-3 py-2"
          />
        </label>
        <Button type="submit" variant="outline">
          Show the day
        </Button>
        <Button type="button" onClick={() => window.print()} disabled={!list || list.total === 0}>
          Print the names
        </Button>
      </form>
      <QueryContent
        query={query}
        loadingLabel="Loading the day’s dedications…"
        errorTitle="The dedications could not be loaded"
      >
        {(dedications) => <DayList list={dedications} />}
      </QueryContent>
    </section>
  );
}

function DayList({ list }: { list: CampaignDedications }) {
  return (
    <>
      <header className="border-b border-stone-300 pb-3 print:pb-2">
        <h2
          id="dedications-heading"
          className="font-display text-2xl font-semibold text-navy-950 print:text-[16pt]"
        >
          Dedications: {list.campaign.title}, {formatLongDate(list.date)}
        </h2>
        <p lang="he" dir="rtl" className="mt-1 text-xl text-navy-950 print:text-[14pt]">
          {list.hebrewDate.hebrew}
        </p>
        <p className="text-stone-700">
          {list.hebrewDate.english} · {list.total === 1 ? '1 name' : `${list.total} names`}
        </p>
      </header>
      {list.total === 0 ? (
        <EmptyState>No gift received this day carries a dedication.</EmptyState>
      ) : (
        <PrintNameGroups
          idPrefix="dedication"
          groups={list.groups.map((group) => ({
            id: group.kind,
            label: group.label,
            names: group.names.map((name) => ({
              id: name.id,
              line: name.line ?? name.name,
              lineIsHebrew: name.line !== null,
              detail: name.line ? name.name : '',
              ...(name.donorName ? { screenDetail: `given by ${name.donorName}` } : {}),
            })),
          }))}
        />
      )}
    </>
  );
}
