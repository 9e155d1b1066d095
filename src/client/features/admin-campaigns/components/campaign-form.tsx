import { useEffect, useRef, useState } from 'react';
import siteConfig from '~/client/lib/site-config';
import { Button } from '~/client/components/ui/button';
import { TextAreaField, TextField } from '~/client/components/ui/field';
import { ActionButton, SmallCheckbox } from '~/client/components/ui/panel-parts';
import { RichText } from '~/client/components/ui/rich-text';
import { useToast } from '~/client/components/ui/toast';
import { failureToast } from '~/client/lib/failure-toast';
import { useZodForm, type BoundField } from '~/client/lib/use-zod-form';
import {
  blankCampaignForm,
  campaignFormValues,
  slugFrom,
  type CampaignFormValues,
} from '~/shared/schemas/campaign-form';
import { SHARE_TEXT_MAX, type CampaignView } from '~/shared/schemas/campaigns';
import { defaultShareText } from '~/shared/campaign-share';
import { useSaveCampaign } from '~/client/features/admin-campaigns/api/campaigns';
import { CampaignPhotoField } from './campaign-photo-field';
import { ComputedEnd } from './computed-end';
import { BonusGoalsField, MatchersField } from './list-fields';

const zone = siteConfig.timeZone;
const loadSchema = () =>
  import('~/shared/schemas/campaign-form').then((m) => m.campaignForm(siteConfig.timeZone));

/** The fields the computed end depends on. */
const timeFields = [
  'startsAt',
  'startsAtTime',
  'endsAt',
  'endsAtTime',
  'openUntil',
  'openUntilTime',
  'pauseForShabbat',
] as const;

type Field = BoundField<keyof CampaignFormValues & string>;

function Check({ label, bound }: { label: string; bound: Field }) {
  return (
    <SmallCheckbox
      label={label}
      name={bound.name}
      checked={bound.value === 'true'}
      disabled={bound.disabled}
      onChange={(e) => bound.onValue(bound.name, String(e.target.checked))}
    />
  );
}

function DateAndTime({
  legend,
  date,
  time,
  required,
}: {
  legend: string;
  date: Field;
  time: Field;
  required?: boolean;
}) {
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="text-sm font-semibold text-stone-800">{legend}</legend>
      <div className="grid grid-cols-[minmax(0,1fr)_minmax(0,9rem)] gap-2">
        <TextField label="Date" type="date" required={required} {...date} />
        <TextField label="Time" type="time" required={required} {...time} error={undefined} />
      </div>
    </fieldset>
  );
}

/**
 * A campaign made or edited by the office: saved as a draft, then published. Times are typed on
 * the site's clock; the server's messages show at their fields.
 */
export function CampaignForm({
  campaign,
  onClose,
}: {
  campaign: CampaignView | null;
  onClose: () => void;
}) {
  const toast = useToast();
  const save = useSaveCampaign();
  const [saved, setSaved] = useState(campaign);
  const form = useZodForm(
    loadSchema,
    campaign ? campaignFormValues(campaign, zone) : blankCampaignForm(),
  );
  const { values, field, errors, submitting } = form;
  const slugTyped = useRef(Boolean(campaign));
  const heading = useRef<HTMLHeadingElement>(null);
  // The button that opened the form is gone: the keyboard continues at the form's heading.
  useEffect(() => heading.current?.focus(), []);
  const savedValues = saved ? campaignFormValues(saved, zone) : null;
  const timesCurrent =
    savedValues !== null && timeFields.every((f) => savedValues[f] === values[f]);
  const fieldErrors = errors as Record<string, string | undefined>;

  const submit = (publishing: boolean) =>
    form.handleSubmit(async (input) => {
      const status = publishing || saved?.status === 'published' ? 'published' : 'draft';
      try {
        const { campaign: result } = await save.mutateAsync({
          id: saved?.id ?? null,
          campaign: { ...input, status },
        });
        setSaved(result);
        // The next save names the matchers as stored now: one just added has its id.
        form.setValue('matchers', campaignFormValues(result, zone).matchers);
        toast({
          title: status === 'published' ? 'Campaign Published' : 'Draft Saved',
          description:
            status === 'published'
              ? `${result.title} is public at /campaign/${result.slug}.`
              : `${result.title} is saved as a draft: only the office sees it.`,
        });
      } catch (error) {
        toast(failureToast(error, 'The campaign was not saved. Please try again.', 'Not Saved'));
        throw error;
      }
    });

  const paragraphs = values.story.split(/\n\s*\n/).filter((p) => p.trim());
  return (
    <form
      {...form.formProps}
      onSubmit={(event) => {
        // Which button sent it: Publish, or Save.
        const by = (event.nativeEvent as SubmitEvent).submitter;
        void submit(by?.getAttribute('value') === 'publish')(event).catch(() => undefined);
      }}
      aria-label={saved ? `Edit ${saved.title}` : 'New campaign'}
      className="flex flex-col gap-5 rounded-lg bg-white p-4 shadow-sm sm:p-6"
    >
      <h3 ref={heading} tabIndex={-1} className="font-display text-xl font-semibold text-navy-950">
        {saved ? `Edit: ${saved.title}` : 'New campaign'}
        {saved ? (
          <span className="ml-2 text-base font-normal text-stone-700">
            ({saved.status === 'published' ? 'published' : 'draft'})
          </span>
        ) : null}
      </h3>
      <TextField
        label="Title"
        required
        autoComplete="off"
        {...field('title')}
        onValue={(_, next) => {
          form.setValue('title', next);
          if (!slugTyped.current) form.setValue('slug', slugFrom(next));
        }}
      />
      <TextField
        label="Web address name (slug)"
        required
        autoComplete="off"
        hint={`The page's address: /campaign/${values.slug || '…'}. Suggested from the title.`}
        {...field('slug')}
        onValue={(_, next) => {
          slugTyped.current = true;
          form.setValue('slug', next);
        }}
      />
      <TextAreaField
        label="Story"
        rows={6}
        hint="**Double asterisks** make words bold. A blank line starts a new paragraph."
        {...field('story')}
      />
      {paragraphs.length > 0 ? (
        <section
          aria-label="How the story reads"
          className="rounded-md border border-stone-300 p-3"
        >
          <p className="text-xs font-semibold text-stone-700">How the story reads</p>
          {paragraphs.map((p, i) => (
            <p key={i} className="mt-2 whitespace-pre-line text-stone-900">
              <RichText text={p} />
            </p>
          ))}
        </section>
      ) : null}
      {saved ? (
        <CampaignPhotoField id={saved.id} title={saved.title} />
      ) : (
        <p className="text-sm text-stone-700">
          Save the draft first, then add the campaign&apos;s photo here.
        </p>
      )}
      <div className="grid gap-4 md:grid-cols-2">
        <TextField
          label="Goal (dollars)"
          required
          inputMode="numeric"
          autoComplete="off"
          {...field('goal')}
        />
        <TextField label="Fund (what the money is for)" autoComplete="off" {...field('fund')} />
      </div>
      <BonusGoalsField
        value={values.bonusGoals}
        errors={fieldErrors}
        disabled={submitting}
        onChange={(json) => form.setValue('bonusGoals', json)}
      />
      <p className="text-sm text-stone-700">Times are on the site&apos;s clock ({zone}).</p>
      <div className="grid gap-4 md:grid-cols-3">
        <DateAndTime
          legend="Starts"
          required
          date={field('startsAt')}
          time={field('startsAtTime')}
        />
        <DateAndTime legend="Ends" required date={field('endsAt')} time={field('endsAtTime')} />
        <DateAndTime
          legend="Still open until (optional)"
          date={field('openUntil')}
          time={field('openUntilTime')}
        />
      </div>
      <Check label="Pause for Shabbat and Yom Tov" bound={field('pauseForShabbat')} />
      <ComputedEnd saved={saved} current={timesCurrent} />
      <div className="grid gap-4 md:grid-cols-2">
        <TextField
          label="Months of a monthly gift that count"
          inputMode="numeric"
          autoComplete="off"
          hint="A monthly gift started in the campaign counts this many payments ($36 × 12)."
          {...field('recurringMonths')}
        />
      </div>
      <Check
        label="Offline gifts (cheques, cash) earn the match"
        bound={field('offlineGiftsMatched')}
      />
      <Check
        label="Tell team leaders the amount of each gift through their team (otherwise only who gave)"
        bound={field('ambassadorMailShowsAmount')}
      />
      <MatchersField
        value={values.matchers}
        errors={fieldErrors}
        disabled={submitting}
        onChange={(json) => form.setValue('matchers', json)}
      />
      <TextAreaField
        label="Other sites that may show the thermometer"
        rows={3}
        hint={`One address a line, like https://www.example.org (https, no path). Only these sites may frame the thermometer at /campaign/${values.slug || '…'}/embed, with the script /campaign-embed.js and data-campaign="${values.slug || '…'}".`}
        {...field('embedOrigins')}
      />
      <TextAreaField
        label="Share message"
        rows={2}
        hint={`What the WhatsApp, text message and email buttons send, with the page's link after it (at most ${SHARE_TEXT_MAX} characters). Left blank: "${defaultShareText(values.title || '…')}"`}
        {...field('shareText')}
      />
      <div className="flex flex-wrap gap-3">
        {saved?.status === 'published' ? (
          <Button type="submit" disabled={submitting}>
            {submitting ? 'Saving...' : 'Save changes'}
          </Button>
        ) : (
          <>
            <Button type="submit" disabled={submitting}>
              {submitting ? 'Saving...' : 'Save draft'}
            </Button>
            <Button
              type="submit"
              variant="secondary"
              value="publish"
              disabled={submitting || !saved}
            >
              Publish
            </Button>
          </>
        )}
        <ActionButton onClick={onClose}>Close</ActionButton>
      </div>
      {!saved ? (
        <p className="text-sm text-stone-700">Save the draft first to publish it.</p>
      ) : null}
    </form>
  );
}
