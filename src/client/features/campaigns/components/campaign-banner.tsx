import type { ContentImage } from '~/shared/schemas/site-content';
import { ResponsivePicture } from '~/client/components/ui/responsive-picture';

/**
 * A campaign's or a team's photo across the top of its page, fetched first: it is the first
 * thing the page shows. `maxHeightClass` keeps a tall photo from pushing the thermometer down.
 */
export function CampaignBanner({
  image,
  maxHeightClass,
}: {
  image: ContentImage;
  maxHeightClass: string;
}) {
  return (
    <div className="mx-auto max-w-6xl px-4 pt-8 sm:px-6">
      <ResponsivePicture
        image={image}
        sizes="(min-width: 1152px) 1104px, 100vw"
        className={`h-auto ${maxHeightClass} w-full rounded-lg object-cover`}
        priority
      />
    </div>
  );
}
