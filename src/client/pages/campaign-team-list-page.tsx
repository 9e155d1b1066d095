import { useId } from 'react';
import {
  teamListMessages,
  type CampaignTeamListPageData,
  type TeamListData,
  type TeamListGift,
} from '~/shared/schemas/campaign-team-list';
import { formatLongDate } from '~/shared/schedule';
import { useServerPageData } from '~/client/app/page-data';
import { OfficeContact } from '~/client/components/layout/office-contact';
import { dollars } from '~/client/features/campaigns/lib/campaign-format';
import siteConfig from '~/client/lib/site-config';
import { teamPagePath } from '~/shared/campaign-share';

const giftDate = new Intl.DateTimeFormat('en-US', {
  timeZone: siteConfig.timeZone,
  month: 'short',
  day: 'numeric',
  year: 'numeric',
});

const card = 'rounded-2xl bg-white p-5 shadow-sm ring-1 ring-stone-300 sm:p-6';
const heading = 'font-display text-2xl font-semibold text-navy-950';

/**
 * /campaign/:slug/team/:team/list?token=…: a team leader's own list, opened from the signed link
 * in their mails (no account). Rendered whole on the server and phone first: the team's total and
 * donors, who asked not to be asked again, and the gifts through the team as each donor chose to
 * be shown. It only reads: there is nothing to press.
 */
export default function CampaignTeamListPage() {
  const data = useServerPageData<CampaignTeamListPageData>() ?? {
    problem: teamListMessages.invalid,
  };
  return (
    <section className="mx-auto flex max-w-2xl flex-col gap-6 px-4 py-10 sm:px-6">
      {'problem' in data ? (
        <>
          <h1 className="font-display text-4xl font-semibold text-navy-950">Your team’s list</h1>
          <div role="alert" className={card}>
            <p className="text-lg text-red-900">{data.problem}</p>
            <p className="mt-3 text-stone-800">
              The office: <OfficeContact />.
            </p>
          </div>
        </>
      ) : (
        <TeamList {...data} />
      )}
    </section>
  );
}

function TeamList(data: TeamListData) {
  const teamHref = teamPagePath(data.campaign.slug, data.team.slug);
  return (
    <>
      <header className="flex flex-col gap-2">
        <h1 className="font-display text-4xl font-semibold text-navy-950">{data.team.name}</h1>
        <p className="text-stone-800">
          Your list as the team’s leader in {data.campaign.title}. It is for you only: please keep
          its link to yourself. It works until {formatLongDate(data.openUntil)}.
        </p>
      </header>
      <dl className={`${card} grid grid-cols-2 gap-4`}>
        <div>
          <dt className="text-stone-700">Raised through your team</dt>
          <dd className="text-3xl font-semibold text-navy-950">{dollars(data.team.raised)}</dd>
        </div>
        <div>
          <dt className="text-stone-700">Donors</dt>
          <dd className="text-3xl font-semibold text-navy-950">{data.team.donors}</dd>
        </div>
      </dl>
      <OptedOut
        names={data.optedOut}
        unnamed={data.optedOutUnnamed}
        campaignTitle={data.campaign.title}
      />
      <Gifts {...data} />
      <p className="text-stone-800">
        Your team’s page, to share (a gift given from it counts for your team):{' '}
        <a href={teamHref} className="text-navy-900 underline underline-offset-2">
          {data.team.name}
        </a>
      </p>
    </>
  );
}

function OptedOut({
  names,
  unnamed,
  campaignTitle,
}: {
  names: string[];
  unnamed: number;
  campaignTitle: string;
}) {
  const id = useId();
  const without = `who gave without their name (the office knows who).`;
  return (
    <section aria-labelledby={id} className={card}>
      <h2 id={id} className={heading}>
        Asked not to be asked again
      </h2>
      <p className="mt-2 text-stone-800">
        These donors asked us not to ask them again for {campaignTitle}. Please do not ask them,
        through your team or otherwise.
      </p>
      {names.length === 0 && unnamed === 0 ? (
        <p className="mt-3 text-stone-700">No one so far.</p>
      ) : null}
      {names.length > 0 ? (
        <ul className="mt-3 flex flex-col gap-1">
          {names.map((name, i) => (
            <li key={`${name}-${i}`} className="font-semibold text-navy-950">
              {name}
            </li>
          ))}
        </ul>
      ) : null}
      {unnamed > 0 ? (
        <p className="mt-3 text-stone-800">
          {names.length > 0
            ? `And ${unnamed} more ${without}`
            : `${unnamed} ${unnamed === 1 ? 'donor' : 'donors'} ${without}`}
        </p>
      ) : null}
    </section>
  );
}

function amountOf(gift: TeamListGift): string | null {
  if (gift.amount === null) return gift.monthly ? 'monthly' : null;
  return gift.monthly ? `${dollars(gift.amount)} a month` : dollars(gift.amount);
}

function Gifts({ gifts, earlier, showsAmounts }: TeamListData) {
  const id = useId();
  return (
    <section aria-labelledby={id} className={card}>
      <h2 id={id} className={heading}>
        Gifts through your team
      </h2>
      <p className="mt-2 text-stone-800">
        Newest first, each as the donor chose to be shown.{' '}
        {showsAmounts
          ? 'Amounts show where the donor shows theirs.'
          : 'The amounts stay between the donors and the office.'}
      </p>
      {gifts.length === 0 ? (
        <p className="mt-3 text-stone-700">No gifts through your team yet.</p>
      ) : (
        <ol className="mt-3 flex flex-col divide-y divide-stone-200">
          {gifts.map((gift, i) => (
            <li key={`${gift.at}-${i}`} className="flex flex-wrap justify-between gap-x-3 py-2">
              <span className="font-semibold text-navy-950">{gift.name}</span>
              <span className="text-stone-800">
                {[amountOf(gift), giftDate.format(new Date(gift.at))].filter(Boolean).join(' · ')}
              </span>
            </li>
          ))}
        </ol>
      )}
      {earlier > 0 ? (
        <p className="mt-3 text-stone-700">
          And {earlier} earlier {earlier === 1 ? 'gift' : 'gifts'}: the office has the whole list.
        </p>
      ) : null}
    </section>
  );
}
