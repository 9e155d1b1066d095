import { ActionButton } from './panel-parts';

/**
 * Move up, Move down and Remove under an item of a list the office edits (a campaign's matchers,
 * a section's slides): each names the item, so a screen reader hears which one it acts on.
 */
export function ListItemButtons({
  name,
  index,
  count,
  disabled = false,
  removable = true,
  focusTargets = false,
  onMove,
  onRemove,
}: {
  /** The item as labels name it: 'Matcher 2 (A friend)'. */
  name: string;
  index: number;
  count: number;
  disabled?: boolean;
  /** False when the list may not lose this item (it is at its least). */
  removable?: boolean;
  /** Marks each button (`data-list-focus="2-up"`) for a list that puts focus back on it. */
  focusTargets?: boolean;
  onMove: (direction: 'up' | 'down') => void;
  onRemove: () => void;
}) {
  const focus = (action: string) =>
    focusTargets ? { 'data-list-focus': `${index}-${action}` } : {};
  return (
    <div className="flex flex-wrap gap-2">
      <ActionButton
        {...focus('up')}
        disabled={disabled || index === 0}
        onClick={() => onMove('up')}
        aria-label={`Move up: ${name}`}
      >
        Move up
      </ActionButton>
      <ActionButton
        {...focus('down')}
        disabled={disabled || index === count - 1}
        onClick={() => onMove('down')}
        aria-label={`Move down: ${name}`}
      >
        Move down
      </ActionButton>
      <ActionButton
        tone="danger"
        {...focus('remove')}
        disabled={disabled || !removable}
        onClick={onRemove}
        aria-label={`Remove: ${name}`}
      >
        Remove
      </ActionButton>
    </div>
  );
}
