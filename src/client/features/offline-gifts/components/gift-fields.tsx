import { offlineMethods } from '~/shared/domain';
import {
  offlineMethodLabels,
  offlineReferenceLabels,
  type OfflineGiftFormValues,
} from '~/shared/schemas/offline-gifts';
import { OfficeDonorFields } from '~/client/components/office-donor-fields';
import { TextAreaField, TextField } from '~/client/components/ui/field';
import { SelectField } from '~/client/components/ui/select-field';
import type { BoundField } from '~/client/lib/use-zod-form';
import {
  useApprovedTeams,
  usePublishedCampaigns,
} from '~/client/features/offline-gifts/api/offline-gifts';

const methodOptions = offlineMethods.map((value) => ({ value, label: offlineMethodLabels[value] }));
const dedicationOptions = [
  { value: 'honor', label: 'In honor of' },
  { value: 'memory', label: 'In memory of' },
] as const;

const wallOptions = [
  { value: 'full', label: 'Name and amount' },
  { value: 'name', label: 'Name only' },
  { value: 'initials', label: 'Initials and amount' },
  { value: 'anonymous', label: '“Anonymous” and amount' },
  { value: 'hidden', label: 'Not on the wall' },
] as const;

type Field = <N extends keyof OfflineGiftFormValues & string>(name: N) => BoundField<N>;

/** What a gift received another way is: recording it and correcting it ask the same. */
export function GiftFields({
  field,
  method,
  campaign,
  beforeAddress,
}: {
  field: Field;
  method: string;
  /** The campaign chosen (its slug), or blank. */
  campaign: string;
  /** Shown after the reference (the recording form's duplicate question). */
  beforeAddress?: React.ReactNode;
}) {
  const referenceLabel = offlineReferenceLabels[method as keyof typeof offlineReferenceLabels];
  const campaigns = usePublishedCampaigns();
  const campaignOptions = [
    { value: '', label: 'No campaign' },
    ...(campaigns.data ?? []).map((c) => ({ value: c.slug, label: c.title })),
  ];
  // A gift being corrected keeps its campaign listed even when the list has not loaded.
  if (campaign && !campaignOptions.some((o) => o.value === campaign)) {
    campaignOptions.push({ value: campaign, label: campaign });
  }
  const campaignField = field('campaign');
  const teamField = field('team');
  const teams = useApprovedTeams(campaigns.data?.find((c) => c.slug === campaign)?.id);
  const teamOptions = [
    { value: '', label: 'No team' },
    ...(teams.data ?? []).map((t) => ({ value: t.slug, label: t.name })),
  ];
  if (teamField.value && !teamOptions.some((o) => o.value === teamField.value)) {
    teamOptions.push({ value: teamField.value, label: teamField.value });
  }
  return (
    <>
      <div className="grid gap-4 md:grid-cols-2">
        <OfficeDonorFields field={field} emailHint="Optional: the receipt is mailed to it." />
        <TextField
          label="Amount (dollars)"
          required
          inputMode="decimal"
          autoComplete="off"
          {...field('amount')}
        />
        <TextField label="Date received" type="date" required {...field('receivedOn')} />
        <SelectField
          label="How it was given"
          required
          options={methodOptions}
          {...field('method')}
        />
        <TextField
          label={referenceLabel ? `Reference (${referenceLabel})` : 'Reference'}
          required={method === 'check'}
          autoComplete="off"
          {...field('reference')}
        />
      </div>
      {beforeAddress}
      <div className="grid gap-4 md:grid-cols-2">
        <SelectField
          label="Campaign"
          hint="A campaign's gift shows as pending there until you mark it cleared."
          options={campaignOptions}
          {...campaignField}
          // A team is its campaign's: another campaign starts with none.
          onValue={(name, value) => {
            campaignField.onValue(name, value);
            campaignField.onValue('team', '');
          }}
        />
        {campaign ? (
          <SelectField
            label="Team"
            hint="It counts in the team's total; its leader is told once the money is in."
            options={teamOptions}
            {...teamField}
          />
        ) : null}
        {campaign ? (
          <SelectField
            label="On the campaign's wall"
            hint="As the donor asked."
            options={wallOptions}
            {...field('wall')}
          />
        ) : null}
      </div>
      <TextAreaField
        label="Postal address"
        rows={3}
        hint="For the receipt and the year-end statement; needed when there is no email."
        {...field('address')}
      />
      <div className="grid gap-4 md:grid-cols-[12rem_1fr]">
        <SelectField label="Dedication" options={dedicationOptions} {...field('dedicationKind')} />
        <TextField
          label="Dedicated to"
          hint="Optional: a name, in Hebrew or English."
          autoComplete="off"
          {...field('dedicationName')}
        />
      </div>
      <TextAreaField
        label="Note for the office"
        rows={2}
        hint="Never shown to the donor."
        {...field('note')}
      />
    </>
  );
}
