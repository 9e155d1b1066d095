import { useEffect, useRef, useState } from 'react';
import { formatMoney } from '~/shared/money';
import { campaignState } from '~/shared/campaign-clock';
import type { CampaignView } from '~/shared/schemas/campaigns';
import {
  ActionButton,
  cellClass,
  CsvLink,
  DataTable,
  DateTimeCell,
  QueryPanel,
} from '~/client/components/ui/panel-parts';
import {
  campaignGiftsCsvUrl,
  useCampaignsQuery,
} from '~/client/features/admin-campaigns/api/campaigns';
import { CampaignAnalyticsPanel } from './campaign-analytics';
import { CampaignForm } from './campaign-form';
import { TeamsPanel } from './teams-panel';
import { ThankYouForm } from './thank-you-form';

const dollars = (n: number) => formatMoney(Math.round(n * 100), 'usd');

/** Where the campaign is in its time, by its computed end: upcoming, live, paused, ended. */
function timeState(c: CampaignView, now: Date): string {
  const at = campaignState(
    {
      startsAt: new Date(c.startsAt),
      plannedEndsAt: new Date(c.endsAt),
      endsAt: new Date(c.computedEndsAt),
      plannedOpenUntil: c.openUntil ? new Date(c.openUntil) : null,
      openUntil: c.computedOpenUntil ? new Date(c.computedOpenUntil) : null,
      pauses: c.pauses.map((p) => ({
        start: new Date(p.start),
        end: new Date(p.end),
        kind: p.kind,
      })),
      pausedMs: 0,
    },
    now,
  );
  if (at.state === 'before') return 'upcoming';
  if (at.state === 'paused') return 'paused for Shabbat or Yom Tov';
  if (at.state === 'open') return 'still open';
  return at.state;
}

function CampaignRow({
  campaign: c,
  onEdit,
  onThank,
  onAnalytics,
  onTeams,
}: {
  campaign: CampaignView;
  onEdit: () => void;
  onThank: () => void;
  onAnalytics: () => void;
  onTeams: () => void;
}) {
  const matched = c.matchers.reduce((sum, m) => sum + m.used, 0);
  return (
    <tr>
      <td className={cellClass}>
        <span className="font-semibold">{c.title}</span>
        <br />
        <a className="text-navy-800 underline" href={`/campaign/${c.slug}`}>
          /campaign/{c.slug}
        </a>
      </td>
      <td className={cellClass}>
        {c.status === 'published' ? 'Published' : 'Draft'}, {timeState(c, new Date())}
      </td>
      <DateTimeCell iso={c.startsAt} />
      <DateTimeCell iso={c.computedEndsAt} />
      <td className={cellClass}>
        {dollars(c.goal)}
        {c.bonusGoals.length > 0 ? ` (bonus ${c.bonusGoals.map(dollars).join(', ')})` : ''}
      </td>
      <td className={cellClass}>{dollars(matched)}</td>
      <td className={cellClass}>
        <div className="flex flex-wrap gap-2">
          <ActionButton onClick={onEdit} aria-label={`Edit ${c.title}`}>
            Edit
          </ActionButton>
          {c.status === 'published' ? (
            <>
              <CsvLink href={campaignGiftsCsvUrl(c.id)} label="Gifts CSV" />
              <ActionButton onClick={onThank} aria-label={`Thank the donors of ${c.title}`}>
                Thank donors
              </ActionButton>
              <ActionButton onClick={onAnalytics} aria-label={`Analytics of ${c.title}`}>
                Analytics
              </ActionButton>
              <ActionButton onClick={onTeams} aria-label={`Teams of ${c.title}`}>
                Teams
              </ActionButton>
            </>
          ) : (
            // A draft's page is a 404 to visitors: the office sees it as it will be published.
            <a
              className="text-navy-800 underline"
              href={`/campaign/${encodeURIComponent(c.slug)}?preview=draft`}
              target="_blank"
              rel="noreferrer"
            >
              Preview<span className="sr-only"> {c.title}</span>
            </a>
          )}
        </div>
        <a
          className="mt-2 block text-navy-800 underline"
          href={`/admin/campaigns/${c.id}/dedications`}
        >
          Dedications to print<span className="sr-only"> for {c.title}</span>
        </a>
      </td>
    </tr>
  );
}

/**
 * The office's campaigns: the list, with each one's state and computed end, the form that
 * makes or edits one (draft, then publish), a published one's gifts as CSV, its thank-you mail
 * and its figures (analytics).
 */
export default function CampaignsPanel() {
  const query = useCampaignsQuery();
  // null: no form open; 'new': a new campaign; else the id of the one edited.
  const [open, setOpen] = useState<string | null>(null);
  // The campaign whose donors the office is thanking, by id.
  const [thanking, setThanking] = useState<string | null>(null);
  const newButton = useRef<HTMLDivElement>(null);
  const closed = useRef(false);
  // After the form closes, the keyboard continues at the button that opens a new one.
  useEffect(() => {
    if (open === null && closed.current) newButton.current?.querySelector('button')?.focus();
  }, [open]);
  const editing = open && open !== 'new' ? query.data?.campaigns.find((c) => c.id === open) : null;
  const thanked = thanking ? query.data?.campaigns.find((c) => c.id === thanking) : null;
  // The campaign whose figures are open, by id.
  const [viewing, setViewing] = useState<string | null>(null);
  const viewed = viewing ? query.data?.campaigns.find((c) => c.id === viewing) : null;
  // The campaign whose teams the office is looking at, by id.
  const [teaming, setTeaming] = useState<string | null>(null);
  const teamed = teaming ? query.data?.campaigns.find((c) => c.id === teaming) : null;
  return (
    <QueryPanel
      title="Campaigns"
      description="Matched giving days: the goal and bonus goals, the start and end on the site's clock, and the matchers in the order they are used. Save a draft, check the end Shabbat and Yom Tov move it to, then publish."
      query={query}
      loadingLabel="Loading campaigns…"
      errorTitle="The campaigns could not be loaded"
      controls={
        open ? null : (
          <div ref={newButton}>
            <ActionButton onClick={() => setOpen('new')}>New campaign</ActionButton>
          </div>
        )
      }
      empty={(data) => (data.campaigns.length === 0 ? 'No campaigns yet.' : null)}
      footer={
        open ? (
          <CampaignForm
            key={open}
            campaign={editing ?? null}
            onClose={() => {
              closed.current = true;
              setOpen(null);
            }}
          />
        ) : thanked ? (
          <ThankYouForm key={thanked.id} campaign={thanked} onClose={() => setThanking(null)} />
        ) : viewed ? (
          <CampaignAnalyticsPanel
            key={viewed.id}
            campaign={viewed}
            onClose={() => setViewing(null)}
          />
        ) : teamed ? (
          <TeamsPanel key={teamed.id} campaign={teamed} onClose={() => setTeaming(null)} />
        ) : null
      }
    >
      {(data) => (
        <DataTable
          caption="All campaigns"
          stackBelow="wide"
          headers={['Campaign', 'State', 'Starts', 'Ends', 'Goal', 'Matched', 'Actions']}
        >
          {data.campaigns.map((c) => (
            <CampaignRow
              key={c.id}
              campaign={c}
              onEdit={() => {
                setThanking(null);
                setViewing(null);
                setTeaming(null);
                setOpen(c.id);
              }}
              onThank={() => {
                setViewing(null);
                setTeaming(null);
                setThanking(c.id);
              }}
              onAnalytics={() => {
                setThanking(null);
                setTeaming(null);
                setViewing(c.id);
              }}
              onTeams={() => {
                setThanking(null);
                setViewing(null);
                setTeaming(c.id);
              }}
            />
          ))}
        </DataTable>
      )}
    </QueryPanel>
  );
}
