import { useEffect, useRef, type FormEvent } from 'react';
import { Link } from 'wouter';
import { PAGE_FORM_FIELD, type PageFormName } from '~/shared/page-forms';
import {
  prayerIntentionLabels,
  prayerRelationHebrew,
  type PrayerNameView as PrayerName,
} from '~/shared/schemas/prayer-names';
import { Button, buttonClass } from '~/client/components/ui/button';

const longDate = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric' });

/**
 * The giver's names. Edit and Remove are links (`?edit=`, `?remove=`), so they work without
 * JavaScript; Remove asks first, with a form that posts `prayer-name-remove`. Renew is a form
 * of its own (`prayer-name-renew`). With scripts, the forms call the API instead.
 */
export function NameList({
  names,
  removing,
  onRenew,
  onRemove,
}: {
  names: PrayerName[];
  /** The name whose removal is being confirmed. */
  removing: string | null;
  onRenew: (id: string) => Promise<unknown>;
  onRemove: (id: string) => Promise<unknown>;
}) {
  if (names.length === 0) return <p>You have not given any names yet.</p>;
  return (
    <ul className="flex flex-col gap-3" aria-label="Your names">
      {names.map((n) => (
        <li
          key={n.id}
          id={`name-${n.id}`}
          className="rounded-xl bg-white p-4 ring-1 ring-stone-300"
        >
          <p dir="rtl" lang="he" className="text-xl font-semibold text-navy-950">
            {n.hebrewName} {prayerRelationHebrew[n.relation]} {n.motherHebrewName}
          </p>
          <p className="text-stone-800">
            {n.englishName ? `${n.englishName} · ` : ''}
            {prayerIntentionLabels[n.intention]}
            {n.note ? `: ${n.note}` : ''}
          </p>
          <p className={n.lapsed ? 'font-semibold text-red-800' : 'text-stone-700'}>
            {n.lapsed
              ? `Off the weekly list since ${longDate(n.lapsesAt)}: renew it to put it back.`
              : `On the weekly list until ${longDate(n.lapsesAt)}.`}
          </p>
          {removing === n.id ? (
            <RemoveConfirm id={n.id} onRemove={onRemove} />
          ) : (
            <div className="mt-2 flex flex-wrap gap-2">
              <Link
                href={`/prayer-names?edit=${n.id}#name-form`}
                className={buttonClass('secondary')}
              >
                Edit
              </Link>
              <NameAction name="prayer-name-renew" id={n.id} act={onRenew}>
                <Button type="submit" variant="secondary">
                  Renew
                </Button>
              </NameAction>
              <Link
                href={`/prayer-names?remove=${n.id}#name-${n.id}`}
                className={buttonClass('secondary')}
              >
                Remove
              </Link>
            </div>
          )}
        </li>
      ))}
    </ul>
  );
}

/** A form about one name: posts its id without JavaScript, calls `act` with it. */
function NameAction({
  name,
  id,
  act,
  children,
  className,
}: {
  name: PageFormName;
  id: string;
  act: (id: string) => Promise<unknown>;
  children: React.ReactNode;
  className?: string;
}) {
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void act(id);
  };
  return (
    <form method="post" onSubmit={submit} className={className}>
      <input type="hidden" name={PAGE_FORM_FIELD} value={name} />
      <input type="hidden" name="id" value={id} />
      {children}
    </form>
  );
}

function RemoveConfirm({
  id,
  onRemove,
}: {
  id: string;
  onRemove: (id: string) => Promise<unknown>;
}) {
  const question = useRef<HTMLParagraphElement>(null);
  // Reached with scripts (no page load): the question takes the focus, so it is read out.
  useEffect(() => question.current?.focus(), []);
  return (
    <NameAction
      name="prayer-name-remove"
      id={id}
      act={onRemove}
      className="mt-2 flex flex-col gap-2 rounded-md bg-red-50 p-3"
    >
      <p ref={question} tabIndex={-1} className="text-red-900">
        Remove this name from your list? It leaves the weekly prayer list at once.
      </p>
      <div className="flex flex-wrap gap-2">
        <Button type="submit">Yes, remove it</Button>
        <Link href="/prayer-names" className={buttonClass('secondary')}>
          Keep it
        </Link>
      </div>
    </NameAction>
  );
}
