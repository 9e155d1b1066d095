import { useState } from 'react';
import { TextField } from '~/client/components/ui/field';
import { ActionButton } from '~/client/components/ui/panel-parts';
import { ListItemButtons } from '~/client/components/ui/list-item-buttons';
import { SelectField } from '~/client/components/ui/select-field';
import { newMatcher, parseList, type MatcherRow } from '~/shared/schemas/campaign-form';

/**
 * The campaign form's two lists. Each is one JSON field of the form; each row's fields are
 * named by their path ('matchers.1.cap'), the name the server's message for it carries.
 */

type ListProps = {
  value: string;
  errors: Record<string, string | undefined>;
  disabled: boolean;
  onChange: (json: string) => void;
};

const ratioOptions = [
  { value: '1', label: 'Doubles each gift (1:1)' },
  { value: '2', label: 'Triples each gift (2:1)' },
  { value: 'other', label: 'Another ratio' },
];

function Announcer({ text }: { text: string }) {
  return (
    <p role="status" className="sr-only">
      {text}
    </p>
  );
}

export function BonusGoalsField({ value, errors, disabled, onChange }: ListProps) {
  const goals = parseList<string>(value);
  const [said, setSaid] = useState('');
  const set = (next: string[]) => onChange(JSON.stringify(next));
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="text-sm font-medium text-stone-800">Bonus goals (dollars)</legend>
      <p className="text-xs text-stone-600">
        Published from the start, each above the one before. They cannot change once the published
        campaign has started.
      </p>
      {errors.bonusGoals ? (
        <p className="text-sm text-red-700" data-field-error="bonusGoals">
          {errors.bonusGoals}
        </p>
      ) : null}
      <ol className="flex flex-col gap-2">
        {goals.map((goal, i) => (
          <li key={i} className="flex flex-wrap items-end gap-2">
            <div className="min-w-0 flex-1">
              <TextField
                label={`Bonus goal ${i + 1}`}
                name={`bonusGoals.${i}`}
                inputMode="numeric"
                autoComplete="off"
                value={goal}
                error={errors[`bonusGoals.${i}`]}
                disabled={disabled}
                onValue={(_, next) => set(goals.map((g, j) => (j === i ? next : g)))}
              />
            </div>
            <ActionButton
              tone="danger"
              disabled={disabled}
              aria-label={`Remove bonus goal ${i + 1}`}
              onClick={() => {
                set(goals.filter((_, j) => j !== i));
                setSaid(`Bonus goal ${i + 1} removed.`);
              }}
            >
              Remove
            </ActionButton>
          </li>
        ))}
      </ol>
      <div>
        <ActionButton
          disabled={disabled || goals.length >= 10}
          onClick={() => {
            set([...goals, '']);
            setSaid(`Bonus goal ${goals.length + 1} added.`);
          }}
        >
          Add a bonus goal
        </ActionButton>
      </div>
      <Announcer text={said} />
    </fieldset>
  );
}

export function MatchersField({ value, errors, disabled, onChange }: ListProps) {
  const rows = parseList<MatcherRow>(value);
  const [said, setSaid] = useState('');
  const set = (next: MatcherRow[]) => onChange(JSON.stringify(next));
  const change = (i: number, part: Partial<MatcherRow>) =>
    set(rows.map((row, j) => (j === i ? { ...row, ...part } : row)));
  const move = (i: number, to: number) => {
    const next = [...rows];
    [next[i], next[to]] = [next[to]!, next[i]!];
    set(next);
    setSaid(
      `${rows[i]!.name || `Matcher ${i + 1}`} moved to position ${to + 1} of ${rows.length}.`,
    );
  };
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="text-lg font-semibold text-navy-950">Matchers</legend>
      <p className="text-sm text-stone-700">
        Used in this order: each matches gifts at its ratio until its cap is used, then the next.
      </p>
      {errors.matchers ? (
        <p className="text-sm text-red-700" data-field-error="matchers">
          {errors.matchers}
        </p>
      ) : null}
      <ol className="flex flex-col gap-4">
        {rows.map((row, i) => {
          const name = `Matcher ${i + 1}${row.name.trim() ? ` (${row.name.trim()})` : ''}`;
          const path = (field: string) => `matchers.${i}.${field}`;
          return (
            <li key={i}>
              <fieldset className="flex flex-col gap-3 rounded-lg border border-stone-300 bg-stone-50 p-4">
                <legend className="px-1 font-semibold text-navy-950">{name}</legend>
                {row.hasMatched ? (
                  <p className="text-sm text-stone-700">
                    Has matched gifts: its ratio and its place stay, and it cannot be removed. Its
                    cap can rise and its name can change.
                  </p>
                ) : null}
                <TextField
                  label="Name, as the page shows it"
                  name={path('name')}
                  autoComplete="off"
                  required
                  value={row.name}
                  error={errors[path('name')]}
                  disabled={disabled}
                  onValue={(_, next) => change(i, { name: next })}
                />
                <div className="grid gap-3 sm:grid-cols-3">
                  <SelectField
                    label="How it matches"
                    // The server's word on the ratio lands here when no ratio is typed.
                    name={path(row.kind === 'other' ? 'kind' : 'ratio')}
                    options={ratioOptions}
                    value={row.kind}
                    error={row.kind === 'other' ? undefined : errors[path('ratio')]}
                    onValue={(_, next) => change(i, { kind: next })}
                  />
                  {row.kind === 'other' ? (
                    <TextField
                      label="Ratio"
                      name={path('ratio')}
                      hint="Dollars given for each dollar: 1.5 adds $1.50."
                      inputMode="decimal"
                      autoComplete="off"
                      required
                      value={row.ratio}
                      error={errors[path('ratio')]}
                      disabled={disabled}
                      onValue={(_, next) => change(i, { ratio: next })}
                    />
                  ) : null}
                  <TextField
                    label="Cap (dollars)"
                    name={path('cap')}
                    inputMode="numeric"
                    autoComplete="off"
                    required
                    value={row.cap}
                    error={errors[path('cap')]}
                    disabled={disabled}
                    onValue={(_, next) => change(i, { cap: next })}
                  />
                </div>
                <ListItemButtons
                  name={name}
                  index={i}
                  count={rows.length}
                  disabled={disabled}
                  onMove={(direction) => move(i, direction === 'up' ? i - 1 : i + 1)}
                  onRemove={() => {
                    set(rows.filter((_, j) => j !== i));
                    setSaid(`${name} removed.`);
                  }}
                />
              </fieldset>
            </li>
          );
        })}
      </ol>
      {rows.length === 0 ? (
        <p className="text-stone-700">No matchers: gifts are not matched.</p>
      ) : null}
      <div>
        <ActionButton
          disabled={disabled || rows.length >= 20}
          onClick={() => {
            set([...rows, newMatcher()]);
            setSaid(`Matcher ${rows.length + 1} added at the end.`);
          }}
        >
          Add a matcher
        </ActionButton>
      </div>
      <Announcer text={said} />
    </fieldset>
  );
}
