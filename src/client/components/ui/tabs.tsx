import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';

export interface TabItem<T extends string> {
  id: T;
  label: ReactNode;
  panel: ReactNode;
}

/**
 * WAI-ARIA tabs with automatic activation: arrow keys, Home and End move between tabs, and only
 * the selected tab is in the Tab order. Panels of unselected tabs are not rendered.
 */
export function Tabs<T extends string>({
  label,
  items,
  selected,
  onSelect,
}: {
  label: string;
  items: TabItem<T>[];
  selected: T;
  onSelect: (id: T) => void;
}) {
  const baseId = useId();
  const tabRefs = useRef(new Map<T, HTMLButtonElement>());
  const index = items.findIndex((item) => item.id === selected);

  const onKeyDown = (event: KeyboardEvent) => {
    const last = items.length - 1;
    const next =
      event.key === 'ArrowRight'
        ? (index + 1) % items.length
        : event.key === 'ArrowLeft'
          ? (index - 1 + items.length) % items.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    if (next === null) return;
    event.preventDefault();
    const item = items[next]!;
    onSelect(item.id);
    tabRefs.current.get(item.id)?.focus();
  };

  const current = items[index];
  return (
    <div>
      <div
        role="tablist"
        aria-label={label}
        onKeyDown={onKeyDown}
        className="mx-auto flex w-fit rounded-full bg-stone-200 p-1"
      >
        {items.map((item) => (
          <button
            key={item.id}
            ref={(el) => {
              if (el) tabRefs.current.set(item.id, el);
              else tabRefs.current.delete(item.id);
            }}
            type="button"
            role="tab"
            id={`${baseId}-tab-${item.id}`}
            aria-selected={item.id === selected}
            aria-controls={`${baseId}-panel-${item.id}`}
            tabIndex={item.id === selected ? 0 : -1}
            onClick={() => onSelect(item.id)}
            className="min-h-11 rounded-full px-6 font-semibold text-stone-800 aria-selected:bg-navy-900 aria-selected:text-white"
          >
            {item.label}
          </button>
        ))}
      </div>
      {current ? (
        <div
          role="tabpanel"
          id={`${baseId}-panel-${current.id}`}
          aria-labelledby={`${baseId}-tab-${current.id}`}
          className="mt-8"
        >
          {current.panel}
        </div>
      ) : null}
    </div>
  );
}
