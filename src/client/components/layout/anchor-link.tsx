import type { AnchorHTMLAttributes, MouseEvent } from 'react';
import { useLocation } from 'wouter';
import { scrollToAnchor } from '~/client/lib/scroll';

/**
 * A link to a section of the home page (`#miracles`). On the home page it scrolls smoothly to
 * the section, 80 px below the top for the header; elsewhere it goes home and the scroll manager
 * scrolls on arrival. Without JavaScript it is a plain link to /#id.
 */
export function AnchorLink({
  anchor,
  onNavigate,
  ...props
}: AnchorHTMLAttributes<HTMLAnchorElement> & { anchor: string; onNavigate?: () => void }) {
  const [location, navigate] = useLocation();
  const id = anchor.replace(/^#/, '');
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0)
      return;
    event.preventDefault();
    onNavigate?.();
    if (location === '/' && scrollToAnchor(id)) {
      window.history.pushState(null, '', `#${id}`);
    } else {
      navigate(`/#${id}`);
    }
  };
  return <a href={`/#${id}`} onClick={onClick} {...props} />;
}
