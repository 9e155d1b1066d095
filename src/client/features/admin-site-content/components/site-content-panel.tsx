import { useState } from 'react';
import {
  sectionLabels,
  siteContentSectionNames,
  type SiteContentSection,
} from '~/shared/schemas/site-content';
import { QueryPanel } from '~/client/components/ui/panel-parts';
import { useSiteContentQuery } from '~/client/features/admin-site-content/api/site-content';
import { DraftBar } from './draft-bar';
import { HistoryList } from './history-list';
import { SectionEditor } from './section-editor';

type Edits = Partial<Record<SiteContentSection, unknown>>;

/**
 * Admin → Site Content: the office edits what the public pages say, section by
 * section, saves it in a draft, previews the draft as visitors will see it, publishes it, and can
 * put an earlier version back. Prices stay in the configuration (they are tied to payments).
 */
export default function SiteContentPanel() {
  const query = useSiteContentQuery();
  const [open, setOpen] = useState<SiteContentSection>('hero');
  // Each section's unsaved edits: moving to another section keeps them until saved.
  const [edits, setEdits] = useState<Edits>({});

  const forget = (section: SiteContentSection) =>
    setEdits(({ [section]: _dropped, ...rest }) => rest);

  return (
    <QueryPanel
      title="Site Content"
      description="What visitors read on the public pages. Changes are saved in a draft; preview it, then publish it and visitors see it at once. An earlier version can be put back."
      query={query}
      loadingLabel="Loading the site content…"
      errorTitle="Could not load the site content"
    >
      {(state) => (
        <>
          <DraftBar
            state={state}
            unsaved={siteContentSectionNames.filter((s) => edits[s] !== undefined)}
          />
          <div className="grid gap-6 lg:grid-cols-[14rem_1fr]">
            <nav aria-label="Sections of the site">
              <ul className="flex flex-col gap-1">
                {siteContentSectionNames.map((section) => {
                  const changed = state.draft?.changed.includes(section) ?? false;
                  const unsaved = edits[section] !== undefined;
                  return (
                    <li key={section}>
                      <button
                        type="button"
                        aria-current={open === section ? 'true' : undefined}
                        onClick={() => setOpen(section)}
                        className="flex min-h-9 w-full flex-wrap items-center justify-between gap-1 rounded-md px-3 py-1.5 text-left text-sm font-semibold text-navy-900 hover:bg-stone-100 aria-[current=true]:bg-navy-900 aria-[current=true]:text-white"
                      >
                        {sectionLabels[section]}
                        {unsaved ? (
                          <span className="text-xs font-normal">(not saved)</span>
                        ) : changed ? (
                          <span className="text-xs font-normal">(changed in the draft)</span>
                        ) : null}
                      </button>
                    </li>
                  );
                })}
              </ul>
            </nav>
            <SectionEditor
              key={open}
              section={open}
              state={state}
              value={edits[open] ?? state.content[open]}
              edited={edits[open] !== undefined}
              onEdit={(value) => setEdits((prev) => ({ ...prev, [open]: value }))}
              onSaved={() => forget(open)}
              onReload={() => {
                forget(open);
                void query.refetch();
              }}
            />
          </div>
          <section aria-labelledby="site-content-history" className="flex flex-col gap-3">
            <h3 id="site-content-history" className="text-lg font-semibold text-navy-950">
              History
            </h3>
            <HistoryList history={state.history} />
          </section>
        </>
      )}
    </QueryPanel>
  );
}
