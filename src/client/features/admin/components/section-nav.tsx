import { useId, useRef, useState } from 'react';
import { Link } from 'wouter';

export interface NavSection {
  id: string;
  label: string;
}

/**
 * The dashboard's sections as links, one address each. On a wide screen a column beside the
 * section, every link in view; below `lg`, one button naming the open section, which shows the
 * list (a disclosure, not a modal: Escape or a choice closes it). The open section's link
 * carries `aria-current="page"`.
 */
export function SectionNav({
  label,
  sections,
  current,
  hrefFor,
  onChoose,
}: {
  label: string;
  sections: NavSection[];
  current: string;
  hrefFor: (id: string) => string;
  /** Called as a link is activated, before the address changes. */
  onChoose?: (id: string) => void;
}) {
  const [open, setOpen] = useState(false);
  const listId = useId();
  const toggle = useRef<HTMLButtonElement>(null);
  const currentLabel = sections.find((s) => s.id === current)?.label;

  return (
    <nav
      aria-label={label}
      className="print:hidden lg:sticky lg:top-4 lg:w-48 lg:shrink-0"
      onKeyDown={(event) => {
        if (event.key !== 'Escape' || !open) return;
        setOpen(false);
        toggle.current?.focus();
      }}
    >
      <button
        ref={toggle}
        type="button"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((v) => !v)}
        className="flex min-h-11 w-full items-center justify-between gap-3 rounded-md border border-stone-300 bg-white px-4 py-2 text-left font-semibold text-navy-950 shadow-sm lg:hidden"
      >
        <span>
          <span className="font-normal text-stone-700">Section: </span>
          {currentLabel}
        </span>
        <svg
          viewBox="0 0 24 24"
          width="20"
          height="20"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          aria-hidden="true"
          className={`shrink-0 motion-safe:transition-transform ${open ? 'rotate-180' : ''}`}
        >
          <path d="M6 9l6 6 6-6" />
        </svg>
      </button>
      <ul
        id={listId}
        className={`${open ? 'flex' : 'hidden'} mt-2 flex-col gap-1 rounded-md bg-white p-2 shadow-sm lg:mt-0 lg:flex lg:bg-transparent lg:p-0 lg:shadow-none`}
      >
        {sections.map((section) => (
          <li key={section.id}>
            <Link
              href={hrefFor(section.id)}
              aria-current={section.id === current ? 'page' : undefined}
              onClick={() => {
                setOpen(false);
                onChoose?.(section.id);
              }}
              className="flex min-h-11 items-center rounded-md border-l-4 border-transparent px-3 py-2 font-semibold text-stone-700 hover:bg-stone-100 hover:text-navy-900 aria-[current=page]:border-gold-500 aria-[current=page]:bg-white aria-[current=page]:text-navy-950 aria-[current=page]:shadow-sm"
            >
              {section.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
