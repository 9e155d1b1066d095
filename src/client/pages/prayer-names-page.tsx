import { useEffect, useState, type FormEvent } from 'react';
import { prayerIntentionLabels, prayerRelationHebrew } from '~/shared/schemas/prayer-names';
import { Button } from '../components/ui/button';
import { TextField } from '../components/ui/field';
import {
  addPrayerName,
  editPrayerName,
  forgetSession,
  listPrayerNames,
  openPrayerLink,
  removePrayerName,
  renewPrayerName,
  requestPrayerLink,
  storedSession,
} from '../features/prayer-names/api/prayer-names';
import type {
  PrayerNamesListing,
  PrayerNameView as PrayerName,
} from '~/shared/schemas/prayer-names';
import { NameForm } from '../features/prayer-names/components/name-form';

type State =
  | { kind: 'loading' }
  | { kind: 'signed-out'; problem: string | null }
  | {
      kind: 'ready';
      session: string;
      giver: PrayerNamesListing['member'];
      lapseWeeks: number;
      names: PrayerName[];
    };

const message = (error: unknown) =>
  error instanceof Error ? error.message.replace(/^\d+: /, '') : 'Please try again.';

/**
 * /prayer-names?token=…: a member's names for the Rabbi's prayers, reached by the emailed link
 * (it works once; the page keeps its session for this tab). Without a session, the form to ask
 * for a link.
 */
export default function PrayerNamesPage() {
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [editing, setEditing] = useState<PrayerName | null>(null);

  async function load(session: string) {
    try {
      const { member, names, lapseWeeks } = await listPrayerNames(session);
      setState({ kind: 'ready', session, giver: member, lapseWeeks, names });
    } catch (error) {
      forgetSession();
      setState({ kind: 'signed-out', problem: message(error) });
    }
  }

  useEffect(() => {
    const token = new URLSearchParams(window.location.search).get('token');
    // The link works once: it leaves the address bar and the history.
    if (token) window.history.replaceState(null, '', '/prayer-names');
    const opened = token ? openPrayerLink(token) : Promise.resolve(storedSession());
    opened.then(
      (session) => (session ? load(session) : setState({ kind: 'signed-out', problem: null })),
      (error: unknown) => setState({ kind: 'signed-out', problem: message(error) }),
    );
  }, []);

  return (
    <section className="mx-auto max-w-2xl px-4 py-12 sm:px-6">
      <h1 className="font-display text-4xl font-semibold text-navy-950">Names for Prayer</h1>
      <p className="mt-2 text-lg text-stone-800">
        The names you give are read at the tziyun each week while your membership is active. Only
        you and the office see them.
      </p>
      {state.kind === 'ready' ? (
        <p className="mt-2 text-stone-800">
          {state.giver.kind === 'donor' ? `Thank you for your gifts, ${state.giver.name}. ` : ''}
          Each name stays on the weekly list for {state.lapseWeeks} weeks after you give or renew
          it; we email you before one leaves the list.
        </p>
      ) : null}
      {state.kind === 'loading' ? (
        <p role="status" className="mt-8">
          Opening your names…
        </p>
      ) : state.kind === 'signed-out' ? (
        <LinkRequest problem={state.problem} />
      ) : (
        <div className="mt-8 flex flex-col gap-8">
          <NameList
            names={state.names}
            onEdit={setEditing}
            onRenew={(id) => renewPrayerName(state.session, id).then(() => load(state.session))}
            onRemove={(id) => removePrayerName(state.session, id).then(() => load(state.session))}
          />
          <div className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-stone-300">
            <h2 className="mb-4 text-2xl font-semibold text-navy-950">
              {editing ? 'Edit a name' : 'Add a name'}
            </h2>
            <NameForm
              key={editing?.id ?? 'new'}
              editing={editing}
              onCancel={() => setEditing(null)}
              onSave={async (fields) => {
                if (editing) await editPrayerName(state.session, editing.id, fields);
                else await addPrayerName(state.session, fields);
                setEditing(null);
                await load(state.session);
              }}
            />
          </div>
        </div>
      )}
    </section>
  );
}

const longDate = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric' });

function NameList({
  names,
  onEdit,
  onRenew,
  onRemove,
}: {
  names: PrayerName[];
  onEdit: (name: PrayerName) => void;
  onRenew: (id: string) => Promise<unknown>;
  onRemove: (id: string) => Promise<unknown>;
}) {
  if (names.length === 0) return <p>You have not given any names yet.</p>;
  return (
    <ul className="flex flex-col gap-3" aria-label="Your names">
      {names.map((n) => (
        <li key={n.id} className="rounded-xl bg-white p-4 ring-1 ring-stone-300">
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
          <div className="mt-2 flex gap-2">
            <Button variant="secondary" onClick={() => onEdit(n)}>
              Edit
            </Button>
            <Button variant="secondary" onClick={() => void onRenew(n.id)}>
              Renew
            </Button>
            <Button variant="secondary" onClick={() => void onRemove(n.id)}>
              Remove
            </Button>
          </div>
        </li>
      ))}
    </ul>
  );
}

function LinkRequest({ problem }: { problem: string | null }) {
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    try {
      setSent((await requestPrayerLink(email)).message);
    } catch (e) {
      setError(message(e));
    }
  }
  return (
    <div className="mt-8 flex flex-col gap-4">
      {problem ? (
        <p role="alert" className="rounded-md bg-red-50 p-3 text-red-900">
          {problem}
        </p>
      ) : null}
      {sent ? (
        <p role="status">{sent}</p>
      ) : (
        <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
          <p>Members and donors: enter your email and we will send you a link to your names.</p>
          <TextField
            label="Email"
            name="email"
            type="email"
            required
            value={email}
            error={error ?? undefined}
            onValue={(_, v) => setEmail(v)}
          />
          <Button type="submit" className="self-start">
            Send me the link
          </Button>
        </form>
      )}
    </div>
  );
}
