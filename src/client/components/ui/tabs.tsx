import { Suspense, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';

export interface TabItem<T extends string> {
  /** Stable and unique: it names the tab's elements. */
  id: T;
  label: string;
  /** What the tab shows; only the selected tab's panel is rendered. */
  panel: ReactNode;
  /**
   * The address that opens the page on this tab, when the page's address holds its tab: the
   * tab is then a link, so it works before scripts run and without them; with them it selects
   * in place.
   */
  href?: string;
}

const looks = {
  /** A segmented control: the donate page's one-time and monthly. */
  pills: {
    list: 'mx-auto flex w-fit rounded-full bg-stone-200 p-1',
    tab: 'min-h-11 rounded-full px-6 font-semibold text-stone-800 aria-selected:bg-navy-900 aria-selected:text-white',
    panel: 'mt-8',
  },
  /** Underlined sections: the admin dashboard's and a panel's own. */
  sections: {
    list: 'flex flex-wrap gap-1 border-b border-stone-300 print:hidden',
    tab: '-mb-px min-h-11 rounded-t-md border-b-4 border-transparent px-4 py-2 font-semibold text-stone-700 transition-colors hover:border-stone-300 hover:text-navy-900 aria-selected:border-gold-500 aria-selected:text-navy-950',
    panel: 'py-6',
  },
};

/**
 * WAI-ARIA tabs with automatic activation: arrow keys move between tabs and show each panel,
 * Home and End jump to the ends, and only the selected tab is in the Tab order (Tab moves into
 * the panel). Every tab has its panel element, so each `aria-controls` names one; only the
 * selected panel has content. A panel that loads its code (React.lazy) shows a status meanwhile.
 */
export function Tabs<T extends string>({
  label,
  items,
  selected,
  onSelect,
  look = 'pills',
}: {
  label: string;
  items: TabItem<T>[];
  selected: T;
  onSelect: (id: T) => void;
  look?: keyof typeof looks;
}) {
  const baseId = useId();
  const tabRefs = useRef(new Map<T, HTMLElement>());
  const current = items.find((item) => item.id === selected) ?? items[0];
  if (!current) return null;
  const style = looks[look];
  const tabId = (item: TabItem<T>) => `${baseId}-tab-${item.id}`;
  const panelId = (item: TabItem<T>) => `${baseId}-panel-${item.id}`;

  const onKeyDown = (event: KeyboardEvent) => {
    const index = items.indexOf(current);
    const target = {
      ArrowRight: items[(index + 1) % items.length],
      ArrowLeft: items[(index - 1 + items.length) % items.length],
      Home: items[0],
      End: items[items.length - 1],
    }[event.key];
    if (!target) return;
    event.preventDefault();
    onSelect(target.id);
    tabRefs.current.get(target.id)?.focus();
  };

  return (
    <div>
      <div role="tablist" aria-label={label} onKeyDown={onKeyDown} className={style.list}>
        {items.map((item) => {
          const common = {
            ref: (el: HTMLElement | null) => {
              if (el) tabRefs.current.set(item.id, el);
              else tabRefs.current.delete(item.id);
            },
            role: 'tab',
            id: tabId(item),
            'aria-selected': item === current,
            'aria-controls': panelId(item),
            tabIndex: item === current ? 0 : -1,
          } as const;
          return item.href ? (
            <a
              key={item.id}
              {...common}
              href={item.href}
              onClick={(event) => {
                event.preventDefault();
                onSelect(item.id);
              }}
              className={`inline-flex items-center ${style.tab}`}
            >
              {item.label}
            </a>
          ) : (
            <button
              key={item.id}
              {...common}
              type="button"
              onClick={() => onSelect(item.id)}
              className={style.tab}
            >
              {item.label}
            </button>
          );
        })}
      </div>
      {items.map((item) => (
        <div
          key={item.id}
          role="tabpanel"
          id={panelId(item)}
          aria-labelledby={tabId(item)}
          hidden={item !== current}
          tabIndex={look === 'sections' ? 0 : undefined}
          className={style.panel}
        >
          {item === current ? (
            <Suspense fallback={<p role="status">Loading {item.label}…</p>}>{item.panel}</Suspense>
          ) : null}
        </div>
      ))}
    </div>
  );
}
