import type { ReactNode } from 'react';
import {
  contentLimits,
  type SiteContent,
  type SiteContentSection,
} from '~/shared/schemas/site-content';
import { useSectionForm } from './section-form-context';
import { ListEditor } from './list-editor';
import { ImageField } from './image-field';
import { SessionDateFields } from './session-date-fields';
import { CheckboxInput, NumberInput, TextBlock, TextInput } from './content-fields';
import { TierFields } from './tier-fields';
import { join, type Path } from '~/client/lib/value-path';

type Item<S extends SiteContentSection> = SiteContent[S] extends (infer I)[] ? I : never;

const linkHint = 'A page of this site (/donate) or a section of the home page (#miracles).';
const noPhoto = { src: '', alt: '', width: 1, height: 1 };
/** A list of short texts, each under its title. */
function TitledTextList({
  path,
  heading,
  noun,
  min,
}: {
  path: Path;
  heading: string;
  noun: string;
  min?: number;
}) {
  return (
    <ListEditor<{ title: string; text: string }>
      path={path}
      heading={heading}
      noun={noun}
      describe={(item) => item.title}
      min={min}
      max={contentLimits.list}
      makeNew={() => ({ title: '', text: '' })}
    >
      {(itemPath) => (
        <>
          <TextInput path={join(itemPath, 'title')} label="Title" />
          <TextBlock path={join(itemPath, 'text')} label="Text" rows={2} />
        </>
      )}
    </ListEditor>
  );
}

/**
 * A list of titled items the office can hide from visitors: each item's title, its own fields,
 * then the box that hides it; an item is named ", hidden" in the editor while it is.
 */
function HideableList<T extends { title: string; hidden: boolean }>({
  heading,
  noun,
  makeNew,
  children,
}: {
  heading: string;
  noun: string;
  makeNew: () => T;
  children: (itemPath: Path, index: number) => ReactNode;
}) {
  return (
    <ListEditor<T>
      path=""
      heading={heading}
      noun={noun}
      describe={(item) => item.title + (item.hidden ? ', hidden' : '')}
      max={contentLimits.list}
      makeNew={makeNew}
    >
      {(path, index) => (
        <>
          <TextInput path={join(path, 'title')} label="Title" />
          {children(path, index)}
          <CheckboxInput path={join(path, 'hidden')} label="Hidden from visitors" />
        </>
      )}
    </ListEditor>
  );
}

/** Each section's fields, by the section's name. */
export const sectionFields: Record<SiteContentSection, () => ReactNode> = {
  hero: () => (
    <ListEditor<Item<'hero'>>
      path=""
      heading="Slides"
      noun="slide"
      describe={(slide) => slide.title.join(' ')}
      min={contentLimits.heroSlides.min}
      max={contentLimits.heroSlides.max}
      makeNew={() => ({
        title: ['', ''],
        subtitle: '',
        buttonText: '',
        buttonLink: '/donate',
        backgroundImage: noPhoto,
      })}
    >
      {(path, index) => (
        <>
          <div className="grid gap-4 md:grid-cols-2">
            <TextInput path={join(path, 'title.0')} label="Title, first line" />
            <TextInput
              path={join(path, 'title.1')}
              label="Title, second line"
              hint="Shown in gold under the first line."
            />
          </div>
          <TextBlock path={join(path, 'subtitle')} label="Subtitle" rows={3} />
          <div className="grid gap-4 md:grid-cols-2">
            <TextInput path={join(path, 'buttonText')} label="Button text" />
            <TextInput path={join(path, 'buttonLink')} label="Button link" hint={linkHint} />
          </div>
          <ImageField
            path={join(path, 'backgroundImage')}
            label={`Background of slide ${index + 1}`}
            decorative
          />
        </>
      )}
    </ListEditor>
  ),
  welcome: () => (
    <>
      <TextInput path="heading" label="Heading" />
      <TextBlock path="text" label="Text" />
      <TitledTextList path="points" heading="Points" noun="point" />
    </>
  ),
  rabbi: () => <RabbiFields />,
  tiers: () => <TierFields />,
  membershipBenefits: () => <TitledTextList path="" heading="Benefits" noun="benefit" min={1} />,
  testimonials: () => (
    <HideableList<Item<'testimonials'>>
      heading="Testimonials"
      noun="testimonial"
      makeNew={() => ({ title: '', quote: '', author: '', tier: '', hidden: false })}
    >
      {(path) => (
        <>
          <TextBlock path={join(path, 'quote')} label="Quote" />
          <div className="grid gap-4 md:grid-cols-2">
            <TextInput path={join(path, 'author')} label="Author" hint="For example: Miriam K." />
            <TextInput
              path={join(path, 'tier')}
              label="Membership"
              hint="For example: Flame Tier member."
            />
          </div>
        </>
      )}
    </HideableList>
  ),
  miracles: () => (
    <HideableList<Item<'miracles'>>
      heading="Stories"
      noun="story"
      makeNew={() => ({ title: '', content: '', image: noPhoto, hidden: false })}
    >
      {(path, index) => (
        <>
          <TextBlock path={join(path, 'content')} label="Story" />
          <ImageField path={join(path, 'image')} label={`Photo of story ${index + 1}`} />
        </>
      )}
    </HideableList>
  ),
  mentorship: () => (
    <>
      <TextInput path="heading" label="Heading" />
      <TextBlock path="text" label="Text" />
      <div className="grid gap-4 md:grid-cols-3">
        <TextInput path="cadence" label="How often, in words" hint="For example: Quarterly." />
        <NumberInput path="sessionMinutes" label="Length in minutes" />
        <NumberInput path="seats" label="Seats" />
      </div>
      <SessionDateFields withTime />
    </>
  ),
  teaching: () => (
    <>
      <SessionDateFields />
      <TextInput
        path="time"
        label="Time, as members read it"
        hint="For example: 8:00 PM Eastern."
      />
    </>
  ),
  whatsappChannel: () => (
    <>
      <TextInput path="url" label="Channel address" type="url" hint="A full https:// address." />
      <TextInput path="heading" label="Heading" />
      <TextBlock path="text" label="Text" rows={3} />
    </>
  ),
  contact: () => (
    <>
      <TextInput path="email" label="Email" type="email" />
      <TextInput path="phone" label="Phone" type="tel" />
      <TextInput path="addressLine" label="Address" />
    </>
  ),
  social: () => (
    <>
      {(['twitter', 'instagram', 'facebook', 'tiktok', 'youtube', 'whatsapp'] as const).map(
        (network) => (
          <TextInput
            key={network}
            path={network}
            type="url"
            label={socialLabels[network]}
            hint="A full https:// address."
          />
        ),
      )}
    </>
  ),
};

const socialLabels = {
  twitter: 'X (Twitter)',
  instagram: 'Instagram',
  facebook: 'Facebook',
  tiktok: 'TikTok',
  youtube: 'YouTube',
  whatsapp: 'WhatsApp',
};

function RabbiFields() {
  const { fixed } = useSectionForm();
  return (
    <>
      <p className="text-stone-700">
        The name, {fixed.rabbiName}, stays in the site’s configuration: mails and receipts carry it.
      </p>
      <ImageField path="image" label="Portrait" />
      <ListEditor<string>
        path="bio"
        heading="Biography"
        noun="paragraph"
        describe={(text) => (text.length > 40 ? `${text.slice(0, 40)}…` : text)}
        min={1}
        max={contentLimits.bioParagraphs}
        makeNew={() => ''}
      >
        {(path) => <TextBlock path={path} label="Paragraph" />}
      </ListEditor>
    </>
  );
}
