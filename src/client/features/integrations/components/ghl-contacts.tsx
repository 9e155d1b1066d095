import { formatMoney } from '~/shared/money';
import { ghlContactParams, type CrmContact } from '~/shared/schemas/integrations';
import { TextField } from '~/client/components/ui/field';
import { useToast } from '~/client/components/ui/toast';
import { failureToast } from '~/client/lib/failure-toast';
import { useZodForm } from '~/client/lib/use-zod-form';
import { findGhlContact, type useGhlContactsQuery } from '~/client/features/integrations/api/ghl';
import { formatDateTime } from '~/client/lib/format-date-time';
import { ActionButton, EmptyState, LoadingState } from '~/client/components/ui/panel-parts';

const loadSchema = () => Promise.resolve(ghlContactParams);

/** Spec 9: a card shows its first two tags, then how many more. */
const TAGS_SHOWN = 2;

/** The CRM tab's contacts: the search by email, the newest contacts, one contact's card. */

export function ContactSearch({ onFound }: { onFound: (contact: CrmContact | null) => void }) {
  const toast = useToast();
  const form = useZodForm(loadSchema, { email: '' });

  const search = async ({ email }: { email: string }) => {
    try {
      const result = await findGhlContact(email);
      onFound(result.contact);
      if (!result.success) {
        toast({ title: 'Contact Not Found', description: result.message, variant: 'destructive' });
      }
    } catch (error) {
      onFound(null);
      toast(failureToast(error, 'Network error searching contacts', 'Search Error'));
    }
  };
  const refused = (errors: Record<string, string>) =>
    toast({ title: 'Search Error', description: errors.email ?? '', variant: 'destructive' });

  return (
    <form
      role="search"
      aria-label="Search contacts by email"
      {...form.formProps}
      onSubmit={(event) => {
        // Spec 5: a blank search does nothing.
        if (form.values.email.trim()) void form.handleSubmit(search, refused)(event);
        else event.preventDefault();
      }}
      className="flex flex-wrap items-end gap-3"
    >
      <div className="w-72 max-w-full">
        <TextField
          label="Email address"
          type="email"
          {...form.field('email')}
          placeholder="donor@example.org"
        />
      </div>
      <ActionButton type="submit" disabled={form.submitting} className="min-h-10">
        {form.submitting ? 'Searching...' : 'Search'}
      </ActionButton>
    </form>
  );
}

export function ContactList({ query }: { query: ReturnType<typeof useGhlContactsQuery> }) {
  if (query.isPending) return <LoadingState label="Loading contacts…" />;
  if (query.error) {
    return (
      <p role="alert" className="rounded-lg border border-red-700 bg-red-50 p-4 text-red-900">
        Network error fetching contacts
      </p>
    );
  }
  const result = query.data;
  if (!result.success) {
    return (
      <p role="alert" className="rounded-lg border border-red-700 bg-red-50 p-4 text-red-900">
        {result.message}
      </p>
    );
  }
  if (result.contacts.length === 0) {
    return <EmptyState>No contacts in GoHighLevel yet.</EmptyState>;
  }
  return (
    <div
      role="region"
      aria-label="Contacts"
      tabIndex={0}
      className="h-[600px] overflow-y-auto rounded-lg border border-stone-300 bg-stone-100 p-3"
    >
      <ul className="grid gap-3 sm:grid-cols-2">
        {result.contacts.map((contact) => (
          <li key={contact.id}>
            <ContactCard contact={contact} />
          </li>
        ))}
      </ul>
    </div>
  );
}

export function ContactCard({ contact }: { contact: CrmContact }) {
  const name =
    [contact.firstName, contact.lastName].filter(Boolean).join(' ') ||
    contact.email ||
    'Unnamed contact';
  const more = contact.tags.length - TAGS_SHOWN;
  const amount = contact.customFields.donation_amount;
  return (
    <article className="rounded-lg bg-white p-4 shadow-sm" aria-label={name}>
      <h4 className="font-semibold text-navy-950">{name}</h4>
      {contact.email ? <p className="text-sm break-all text-stone-800">{contact.email}</p> : null}
      {contact.phone ? <p className="text-sm text-stone-800">{contact.phone}</p> : null}
      {contact.tags.length > 0 ? (
        <p className="mt-2 flex flex-wrap items-center gap-1">
          {contact.tags.slice(0, TAGS_SHOWN).map((tag) => (
            <span
              key={tag}
              className="rounded-full bg-sky-100 px-2 py-0.5 text-xs font-semibold text-navy-900"
            >
              {tag}
            </span>
          ))}
          {more > 0 ? <span className="text-xs text-stone-700">+{more} more tags</span> : null}
        </p>
      ) : null}
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 text-sm text-stone-800">
        {amount !== null ? (
          <>
            <dt>Last gift</dt>
            <dd>{formatMoney(amount)}</dd>
          </>
        ) : null}
        <dt>Added</dt>
        <dd>{formatDateTime(contact.dateAdded)}</dd>
      </dl>
    </article>
  );
}
