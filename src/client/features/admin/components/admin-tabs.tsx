import {
  Suspense,
  useId,
  useRef,
  type ComponentType,
  type KeyboardEvent,
  type LazyExoticComponent,
} from 'react';

export interface AdminTab {
  /** Stable and unique: it names the tab's elements. */
  id: string;
  label: string;
  /** Shown to owners only (the server refuses the calls to anyone else anyway). */
  ownerOnly?: boolean;
  /** A React.lazy component, so each panel is its own chunk, fetched when first shown. */
  Panel: LazyExoticComponent<ComponentType>;
}

/**
 * WAI-ARIA tabs with automatic activation: arrow keys move between tabs and show each panel,
 * Home and End jump to the ends, Tab moves into the panel. Only the selected panel is rendered.
 */
export function AdminTabs({
  tabs,
  selected,
  onSelect,
  label,
}: {
  tabs: AdminTab[];
  selected: string;
  onSelect: (id: string) => void;
  label: string;
}) {
  const baseId = useId();
  const tabRefs = useRef(new Map<string, HTMLButtonElement>());
  const current = tabs.find((tab) => tab.id === selected) ?? tabs[0];
  if (!current) return null;
  const tabId = (tab: AdminTab) => `${baseId}-tab-${tab.id}`;
  const panelId = (tab: AdminTab) => `${baseId}-panel-${tab.id}`;

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = tabs.indexOf(current);
    const target = {
      ArrowRight: tabs[(index + 1) % tabs.length],
      ArrowLeft: tabs[(index - 1 + tabs.length) % tabs.length],
      Home: tabs[0],
      End: tabs[tabs.length - 1],
    }[event.key];
    if (!target) return;
    event.preventDefault();
    onSelect(target.id);
    tabRefs.current.get(target.id)?.focus();
  };

  return (
    <div>
      <div
        role="tablist"
        aria-label={label}
        onKeyDown={onKeyDown}
        className="flex flex-wrap gap-1 border-b border-stone-300 print:hidden"
      >
        {tabs.map((tab) => {
          const isSelected = tab === current;
          return (
            <button
              key={tab.id}
              ref={(el) => {
                if (el) tabRefs.current.set(tab.id, el);
                else tabRefs.current.delete(tab.id);
              }}
              type="button"
              role="tab"
              id={tabId(tab)}
              aria-selected={isSelected}
              aria-controls={panelId(tab)}
              tabIndex={isSelected ? 0 : -1}
              onClick={() => onSelect(tab.id)}
              className={`-mb-px min-h-11 rounded-t-md border-b-4 px-4 py-2 font-semibold transition-colors ${
                isSelected
                  ? 'border-gold-500 text-navy-950'
                  : 'border-transparent text-stone-700 hover:border-stone-300 hover:text-navy-900'
              }`}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      {tabs.map((tab) => (
        <div
          key={tab.id}
          role="tabpanel"
          id={panelId(tab)}
          aria-labelledby={tabId(tab)}
          hidden={tab !== current}
          tabIndex={0}
          className="py-6"
        >
          {tab === current ? (
            <Suspense fallback={<p role="status">Loading {tab.label}…</p>}>
              <tab.Panel />
            </Suspense>
          ) : null}
        </div>
      ))}
    </div>
  );
}
