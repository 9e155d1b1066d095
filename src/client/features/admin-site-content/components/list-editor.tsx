import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { ActionButton } from '~/client/components/ui/panel-parts';
import { ListItemButtons } from '~/client/components/ui/list-item-buttons';
import { useField, useSectionForm } from './section-form-context';
import { join, type Path } from '~/client/lib/value-path';

type MoveAction = 'up' | 'down';

/**
 * A list of a section (slides, testimonials, paragraphs…): each item in its own group named
 * after it, with buttons that say which item they move or remove. After a move, focus stays on
 * the moved item's button and the new position is announced, so the keyboard can keep going.
 */
export function ListEditor<T>({
  path,
  heading,
  noun,
  describe,
  makeNew,
  max,
  min = 0,
  level = 4,
  children,
}: {
  path: Path;
  heading: string;
  /** One item, as buttons name it: 'testimonial'. */
  noun: string;
  /** An item's name in labels: its title when it has one. */
  describe?: (item: T) => string | undefined;
  makeNew: () => T;
  max: number;
  min?: number;
  /** The heading's level: 5 for a list inside a part that has its own h4 (a tier). */
  level?: 4 | 5;
  children: (itemPath: Path, index: number, item: T) => ReactNode;
}) {
  const form = useSectionForm();
  const list = useField<T[]>(path);
  const items = list.value ?? [];
  const headingId = useId();
  const root = useRef<HTMLDivElement>(null);
  const [announcement, setAnnouncement] = useState('');
  // Where focus goes once the list has rendered its new shape: set by a button, used once.
  const focusNext = useRef<string | null>(null);
  const capitalised = noun.charAt(0).toUpperCase() + noun.slice(1);

  const nameOf = (item: T, index: number) => {
    const title = describe?.(item)?.trim();
    return `${capitalised} ${index + 1}${title ? ` (${title})` : ''}`;
  };

  useEffect(() => {
    const wanted = focusNext.current;
    if (!wanted) return;
    focusNext.current = null;
    // A new item: its first field; else the button named by its item and action.
    const target = wanted.endsWith('-first')
      ? root.current?.querySelector<HTMLElement>(
          ['input', 'textarea']
            .map((tag) => `[data-list-item="${wanted.slice(0, -'-first'.length)}"] ${tag}`)
            .join(', '),
        )
      : root.current?.querySelector<HTMLElement>(`[data-list-focus="${wanted}"]`);
    target?.focus();
  });

  const move = (index: number, action: MoveAction) => {
    const to = action === 'up' ? index - 1 : index + 1;
    const next = [...items];
    [next[index], next[to]] = [next[to]!, next[index]!];
    form.reshaped(path, next);
    // At either end the button pressed is disabled: focus goes to the other one.
    const edge = to === 0 ? 'down' : to === items.length - 1 ? 'up' : action;
    focusNext.current = `${to}-${edge}`;
    setAnnouncement(`${capitalised} moved to position ${to + 1} of ${items.length}.`);
  };

  const remove = (index: number) => {
    const name = nameOf(items[index]!, index);
    form.reshaped(
      path,
      items.filter((_, i) => i !== index),
    );
    focusNext.current = 'add';
    setAnnouncement(`${name} removed. Save the draft to keep this change.`);
  };

  const add = () => {
    form.reshaped(path, [...items, makeNew()]);
    focusNext.current = `${items.length}-first`;
    setAnnouncement(`${capitalised} ${items.length + 1} added at the end.`);
  };

  const listError = form.errorAt(path);
  const Heading = level === 5 ? 'h5' : 'h4';
  return (
    // A group, not a region: a form of several lists would otherwise fill the landmarks.
    <div ref={root} role="group" aria-labelledby={headingId} className="flex flex-col gap-3">
      <Heading id={headingId} className="text-lg font-semibold text-navy-950">
        {heading}
      </Heading>
      {listError && path !== '' ? (
        <p className="text-sm text-red-700" data-list-error={path}>
          {listError}
        </p>
      ) : null}
      <ol className="flex flex-col gap-4">
        {items.map((item, index) => {
          const name = nameOf(item, index);
          return (
            <li key={index}>
              <fieldset
                className="flex flex-col gap-3 rounded-lg border border-stone-300 bg-stone-50 p-4"
                data-list-item={index}
              >
                <legend className="px-1 font-semibold text-navy-950">{name}</legend>
                {children(join(path, index), index, item)}
                <ListItemButtons
                  name={name}
                  index={index}
                  count={items.length}
                  removable={items.length > min}
                  focusTargets
                  onMove={(direction) => move(index, direction)}
                  onRemove={() => remove(index)}
                />
              </fieldset>
            </li>
          );
        })}
      </ol>
      {items.length === 0 ? <p className="text-stone-700">None yet.</p> : null}
      <div>
        <ActionButton data-list-focus="add" disabled={items.length >= max} onClick={add}>
          Add a {noun}
        </ActionButton>
        {items.length >= max ? (
          <span className="ml-2 text-sm text-stone-700">
            At most {max}: remove one to add another.
          </span>
        ) : null}
      </div>
      <p role="status" className="sr-only">
        {announcement}
      </p>
    </div>
  );
}
