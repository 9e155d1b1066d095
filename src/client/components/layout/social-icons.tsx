import type { PublicContent } from '~/shared/site-content';
import { useSiteContent } from '~/client/lib/site-content';
import { Icon } from '~/client/components/ui/icon';

/** The brand marks are drawn for this site, in the icons' file (src/client/assets/icons.svg). */
const labels: Record<keyof PublicContent['social'], string> = {
  twitter: 'Twitter',
  instagram: 'Instagram',
  facebook: 'Facebook',
  tiktok: 'TikTok',
  youtube: 'YouTube',
  whatsapp: 'WhatsApp',
};

export function SocialLinks({ className = '' }: { className?: string }) {
  const social = useSiteContent('social');
  return (
    <ul className={`flex flex-wrap gap-3 ${className}`}>
      {(Object.keys(labels) as (keyof typeof labels)[]).map((key) => (
        <li key={key}>
          <a
            href={social[key]}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={`${labels[key]} (opens in a new tab)`}
            className="flex h-11 w-11 items-center justify-center rounded-full bg-white/10 text-white transition-colors hover:bg-gold-500 hover:text-navy-950"
          >
            <Icon name={key} size={20} />
          </a>
        </li>
      ))}
    </ul>
  );
}
