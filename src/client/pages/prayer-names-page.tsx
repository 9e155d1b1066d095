import { useEffect, useRef, useState } from 'react';
import { useLocation, useSearchParams } from 'wouter';
import type { PrayerNamesListing, PrayerNamesPageData } from '~/shared/schemas/prayer-names';
import type { PageFormState } from '~/shared/page-forms';
import { usePageForm, useServerPageData } from '~/client/app/page-data';
import { EmailLinkOpen } from '~/client/components/email-link-open';
import { ApiError } from '~/client/lib/api';
import {
  addPrayerName,
  editPrayerName,
  listPrayerNames,
  removePrayerName,
  renewPrayerName,
} from '~/client/features/prayer-names/api/prayer-names';
import { LinkRequest } from '~/client/features/prayer-names/components/link-request';
import { NameForm } from '~/client/features/prayer-names/components/name-form';
import { NameList } from '~/client/features/prayer-names/components/name-list';
import { ProblemAlert } from '~/client/components/ui/field';

type State =
  | { kind: 'loading' }
  | { kind: 'signed-out'; problem: string | null }
  | { kind: 'opening'; token: string }
  | ({ kind: 'ready' } & PrayerNamesListing);

const message = (error: unknown) =>
  error instanceof Error ? error.message : 'Something went wrong. Please try again.';

/**
 * The names from the API. Without a session, the page to ask for a link: saying the session
 * ended if the visitor was using it, plainly asking for a link if they just arrived.
 */
async function namesFromApi(hadSession: boolean): Promise<State> {
  try {
    return { kind: 'ready', ...(await listPrayerNames()) };
  } catch (error) {
    const noSession = error instanceof ApiError && error.status === 401;
    return { kind: 'signed-out', problem: noSession && !hadSession ? null : message(error) };
  }
}

/** Why a form posted without JavaScript was refused as a whole (not field by field). */
const problemOf = (form: { returned?: Pick<PageFormState, 'errors'> }) =>
  form.returned?.errors._ ?? form.returned?.errors.id ?? form.returned?.errors.token;

/**
 * /prayer-names: a member's names for the Rabbi's prayers, rendered by the server from the
 * session the emailed link's button set (a cookie: ADRs 021 and 034; the link itself shows only
 * the button). Every form posts to the page without
 * JavaScript; with it, they call the API. Edit and remove are addresses (`?edit=`, `?remove=`).
 * Without a session, the form to ask for a link.
 */
export default function PrayerNamesPage() {
  const server = useServerPageData<PrayerNamesPageData>();
  const [state, setState] = useState<State>(() => server ?? { kind: 'loading' });
  const [notice, setNotice] = useState<string | null>(null);
  const [params] = useSearchParams();
  const [, navigate] = useLocation();
  // The address now, for a change that ends after the visitor moved on (below).
  const address = useRef(params.toString());
  useEffect(() => {
    address.current = params.toString();
  });
  const added = usePageForm('prayer-name');
  const edited = usePageForm('prayer-name-edit');
  const renewed = usePageForm('prayer-name-renew');
  const removed = usePageForm('prayer-name-remove');
  const opened = usePageForm('prayer-link-open');

  useEffect(() => {
    // Reached by a link inside the site: the server did not render this visit.
    if (!server) void namesFromApi(false).then(setState);
    // Once, on arrival.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  /**
   * A change through the API, then the list again; an ended session signs the page out. Other
   * refusals are the caller's to show (the name form under its fields).
   */
  async function change(work: () => Promise<unknown>) {
    setNotice(null);
    const startedAt = address.current;
    try {
      await work();
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) {
        setState({ kind: 'signed-out', problem: error.message });
        return;
      }
      throw error;
    }
    // Back to the list, unless the visitor went on meanwhile (Remove pressed while a Renew was on
    // its way): their question stays open.
    if (address.current === startedAt) navigate('/prayer-names');
    setState(await namesFromApi(true));
  }

  const showNotice = (error: unknown) => setNotice(message(error));
  const names = state.kind === 'ready' ? state.names : [];
  // The name an address is about (a router on memory keeps the link's #anchor in the query).
  const nameIn = (key: string) => params.get(key)?.split('#')[0] ?? null;
  const editing = names.find((n) => n.id === nameIn('edit')) ?? null;
  const removing = nameIn('remove');
  const sent = added.sent ?? edited.sent ?? renewed.sent ?? removed.sent;
  const refused =
    problemOf(renewed) ?? problemOf(removed) ?? (editing ? undefined : problemOf(edited));

  return (
    <section className="mx-auto max-w-2xl px-4 py-12 sm:px-6">
      <h1 className="font-display text-4xl font-semibold text-navy-950">Names for Prayer</h1>
      <p className="mt-2 text-lg text-stone-800">
        The names you give are read at the tziyun each week while your membership is active. Only
        you and the office see them.
      </p>
      {state.kind === 'ready' ? (
        <p className="mt-2 text-stone-800">
          {state.member.kind === 'donor' ? `Thank you for your gifts, ${state.member.name}. ` : ''}
          Each name stays on the weekly list for {state.lapseWeeks} weeks after you give or renew
          it; we email you before one leaves the list.
        </p>
      ) : null}
      {state.kind === 'loading' ? (
        <p role="status" className="mt-8">
          Opening your names…
        </p>
      ) : state.kind === 'opening' ? (
        <EmailLinkOpen
          form="prayer-link-open"
          action="/prayer-names"
          token={state.token}
          intro="This is your link to your names for prayer. It works once: press the button to open your names."
          button="Open my names"
        />
      ) : state.kind === 'signed-out' ? (
        <LinkRequest
          problem={
            state.problem ??
            problemOf(opened) ??
            problemOf(added) ??
            problemOf(edited) ??
            problemOf(renewed) ??
            problemOf(removed) ??
            null
          }
        />
      ) : (
        <div id="your-names" className="mt-8 flex flex-col gap-8">
          {sent ? (
            <p role="status" className="rounded-md bg-green-50 p-3 text-green-900">
              {sent}
            </p>
          ) : null}
          <ProblemAlert message={notice ?? refused} />
          <NameList
            names={state.names}
            removing={removing}
            onRenew={(id) => change(() => renewPrayerName(id)).catch(showNotice)}
            onRemove={(id) => change(() => removePrayerName(id)).catch(showNotice)}
          />
          <div id="name-form" className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-stone-300">
            <h2 className="mb-4 font-display text-2xl font-semibold text-navy-950">
              {editing ? 'Edit a name' : 'Add a name'}
            </h2>
            <NameForm
              key={editing?.id ?? 'new'}
              editing={editing}
              onSave={(data) =>
                change(() => (editing ? editPrayerName(editing.id, data) : addPrayerName(data)))
              }
            />
          </div>
        </div>
      )}
    </section>
  );
}
