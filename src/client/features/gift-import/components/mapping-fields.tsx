import { offlineMethods, type OfflineMethod } from '~/shared/domain';
import { offlineMethodLabels } from '~/shared/schemas/offline-gifts';
import {
  giftImportFieldLabels,
  giftImportFields,
  type GiftImportMapping,
} from '~/shared/schemas/gift-import';
import { SelectField } from '~/client/components/ui/select-field';

const required = new Set(['name', 'amount', 'receivedOn']);

/**
 * Which column of the file fills each field of the ledger, as guessed from its headers; the
 * office may change any of them, and may give one way of giving for the whole file.
 */
export function MappingFields({
  headers,
  mapping,
  method,
  errors,
  onChange,
}: {
  headers: string[];
  mapping: GiftImportMapping;
  method: OfflineMethod | null;
  errors: Record<string, string>;
  onChange: (mapping: GiftImportMapping, method: OfflineMethod | null) => void;
}) {
  const columns = [
    { value: '', label: 'Not in the file' },
    ...headers.map((header, i) => ({
      value: String(i),
      label: header ? `${header} (column ${i + 1})` : `Column ${i + 1}`,
    })),
  ];
  const methods = [
    { value: '', label: 'As the file says, row by row' },
    ...offlineMethods.map((m) => ({ value: m, label: `All: ${offlineMethodLabels[m]}` })),
  ];
  return (
    <fieldset className="flex flex-col gap-4">
      <legend className="mb-2 font-semibold text-navy-950">Which column is which</legend>
      <div className="grid gap-4 md:grid-cols-3">
        {giftImportFields.map((field) => (
          <SelectField
            key={field}
            label={giftImportFieldLabels[field]}
            name={`mapping.${field}`}
            required={required.has(field)}
            error={errors[`mapping.${field}`]}
            value={
              mapping[field] === null || mapping[field] === undefined ? '' : String(mapping[field])
            }
            options={columns}
            onValue={(_, value) =>
              onChange({ ...mapping, [field]: value === '' ? null : Number(value) }, method)
            }
          />
        ))}
        <SelectField
          label="One way of giving for the whole file"
          name="method"
          hint="For a file without a method column: a bank's list of Zelle gifts."
          value={method ?? ''}
          options={methods}
          onValue={(_, value) => onChange(mapping, value === '' ? null : (value as OfflineMethod))}
        />
      </div>
    </fieldset>
  );
}
