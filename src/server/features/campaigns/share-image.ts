import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type * as Fontkit from 'fontkit';
import type * as ResvgJs from '@resvg/resvg-js';
import { formatMoney } from '~/shared/money';

const require = createRequire(import.meta.url);

export const SHARE_IMAGE_WIDTH = 1200;
export const SHARE_IMAGE_HEIGHT = 630;

/** What a share image shows: plain figures, so a campaign's and a team's are drawn alike. */
export interface ShareImageFigures {
  title: string;
  /** What the bar fills with (given and matched), in cents. */
  raisedCents: number;
  /** What the bar is measured against, in cents. */
  goalCents: number;
  donors?: number;
  /** A line above the title: the fund, the community. */
  subtitle?: string | null;
  /** The line at the foot: the site's name. */
  footer?: string | null;
}

/**
 * Noto Sans Hebrew (SIL Open Font License, from npm, as the PDFs use it): Latin and Hebrew
 * letters in one font, handed to the renderer, which is told to load no system font, so the
 * image is the same on every machine.
 */
const FONT_FAMILY = 'Noto Sans Hebrew';
const fontFile = (weight: '400Regular' | '700Bold') =>
  require.resolve(`@expo-google-fonts/noto-sans-hebrew/${weight}/NotoSansHebrew_${weight}.ttf`);

interface Kit {
  resvg: typeof ResvgJs;
  files: string[];
  regular: Fontkit.Font;
  bold: Fontkit.Font;
}

/** Loaded with the first image: a server that never draws one pays nothing for it. */
let kit: Kit | undefined;
function loadKit(): Kit {
  if (kit) return kit;
  const fontkit = require('fontkit') as typeof Fontkit;
  const files = [fontFile('400Regular'), fontFile('700Bold')];
  const open = (file: string) => fontkit.create(readFileSync(file)) as Fontkit.Font;
  kit = {
    resvg: require('@resvg/resvg-js') as typeof ResvgJs,
    files,
    regular: open(files[0]!),
    bold: open(files[1]!),
  };
  return kit;
}

const NAVY = '#0b1430';
const NAVY_TRACK = '#24356b';
const GOLD = '#dcb94a';
const WHITE = '#ffffff';
const MUTED = '#c9cfe3';
const MARGIN = 64;
const TEXT_WIDTH = SHARE_IMAGE_WIDTH - 2 * MARGIN;

/** Right to left when the first letter with a direction is Hebrew (or another RTL script). */
export function isRightToLeft(text: string): boolean {
  const first = /[A-Za-z\u00C0-\u024F\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF]/.exec(text);
  return first !== null && /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF]/.test(first[0]);
}

const escapeXml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!,
  );

/**
 * The width the text takes, from its letters' advances: within a percent of the shaped width
 * (kerning aside), counted as 1% wider, at a sixtieth of what shaping each try would cost.
 */
function widthOf(font: Fontkit.Font, text: string, size: number) {
  const advance = font.glyphsForString(text).reduce((sum, glyph) => sum + glyph.advanceWidth, 0);
  return (advance * size * 1.01) / font.unitsPerEm;
}

/** The text cut at a word (or a letter, for a long word) with "…", to fit `width`. */
function shortened(font: Fontkit.Font, text: string, size: number, width: number) {
  if (widthOf(font, text, size) <= width) return text;
  let cut = text;
  while (cut.length > 1 && widthOf(font, `${cut}…`, size) > width) {
    const atWord = cut.replace(/\s+\S*$/, '');
    cut = atWord.length > 0 && atWord !== cut ? atWord : cut.slice(0, -1);
  }
  return `${cut.trimEnd()}…`;
}

/** Words wrapped into lines of at most `width`; the last line shortened when more would not fit. */
function wrapped(font: Fontkit.Font, text: string, size: number, maxLines: number) {
  const words = text.split(/\s+/).filter(Boolean);
  const lines: string[] = [];
  let line = '';
  for (const [n, word] of words.entries()) {
    const next = line ? `${line} ${word}` : word;
    if (!line || widthOf(font, next, size) <= TEXT_WIDTH) {
      line = next;
      continue;
    }
    if (lines.length === maxLines - 1) {
      return [...lines, shortened(font, words.slice(n - 1).join(' '), size, TEXT_WIDTH)];
    }
    lines.push(line);
    line = word;
  }
  if (line) lines.push(shortened(font, line, size, TEXT_WIDTH));
  return lines;
}

/** The largest of a few sizes at which the title fits its lines whole; else the smallest, cut. */
function titleLines(font: Fontkit.Font, title: string) {
  const tries = [
    { size: 72, maxLines: 2 },
    { size: 60, maxLines: 3 },
    { size: 50, maxLines: 3 },
  ];
  for (const { size, maxLines } of tries) {
    const lines = wrapped(font, title, size, maxLines + 1);
    if (lines.length <= maxLines) return { size, lines };
  }
  return { size: 50, lines: wrapped(font, title, 50, 3) };
}

/** A line of text placed by its direction: a Hebrew line starts at the right margin. */
function textLine(
  text: string,
  y: number,
  attributes: { size: number; weight: 400 | 700; fill: string },
) {
  const rtl = isRightToLeft(text);
  const x = rtl ? SHARE_IMAGE_WIDTH - MARGIN : MARGIN;
  return (
    `<text x="${x}" y="${y}" text-anchor="${rtl ? 'end' : 'start'}" font-family="${FONT_FAMILY}" ` +
    `font-size="${attributes.size}" font-weight="${attributes.weight}" fill="${attributes.fill}">` +
    `${escapeXml(text)}</text>`
  );
}

const money = (cents: number) =>
  formatMoney(Math.max(0, Math.round(cents / 100)) * 100, 'usd', { whole: true });

/** The share image as SVG: the title, the thermometer and its figures, on the site's navy. */
export function shareImageSvg(figures: ShareImageFigures): string {
  const { regular, bold } = loadKit();
  const parts: string[] = [];
  let y = 104;
  const subtitle = figures.subtitle?.trim();
  if (subtitle) {
    parts.push(
      textLine(shortened(regular, subtitle, 34, TEXT_WIDTH), y, {
        size: 34,
        weight: 400,
        fill: GOLD,
      }),
    );
    y += 30;
  }
  const title = titleLines(bold, figures.title.trim());
  for (const line of title.lines) {
    y += Math.round(title.size * 1.2);
    parts.push(textLine(line, y, { size: title.size, weight: 700, fill: WHITE }));
  }

  const share = figures.goalCents > 0 ? figures.raisedCents / figures.goalCents : 0;
  const barY = 436;
  const barHeight = 40;
  const filled = Math.min(1, Math.max(0, share)) * TEXT_WIDTH;
  parts.push(
    `<rect x="${MARGIN}" y="${barY}" width="${TEXT_WIDTH}" height="${barHeight}" rx="${barHeight / 2}" fill="${NAVY_TRACK}"/>`,
  );
  if (filled > 0) {
    parts.push(
      `<rect x="${MARGIN}" y="${barY}" width="${Math.max(barHeight, filled).toFixed(1)}" height="${barHeight}" rx="${barHeight / 2}" fill="${GOLD}"/>`,
    );
  }

  const total = money(figures.raisedCents);
  const totalSize = 60;
  const figuresY = barY + barHeight + 76;
  // A team without a goal of its own: its total alone, no bar to fill and no percent.
  const after = figures.goalCents > 0 ? ` raised of ${money(figures.goalCents)}` : ' raised';
  parts.push(
    `<text x="${MARGIN}" y="${figuresY}" font-family="${FONT_FAMILY}" fill="${WHITE}">` +
      `<tspan font-size="${totalSize}" font-weight="700">${escapeXml(total)}</tspan>` +
      `<tspan font-size="34" font-weight="400" fill="${MUTED}">${escapeXml(after)}</tspan></text>`,
  );
  if (figures.goalCents > 0) {
    parts.push(
      `<text x="${SHARE_IMAGE_WIDTH - MARGIN}" y="${figuresY}" text-anchor="end" font-family="${FONT_FAMILY}" ` +
        `font-size="${totalSize}" font-weight="700" fill="${GOLD}">${Math.floor(share * 100)}%</text>`,
    );
  }
  const foot = [
    figures.donors === undefined
      ? null
      : `${figures.donors.toLocaleString('en-US')} ${figures.donors === 1 ? 'donor' : 'donors'}`,
    figures.footer?.trim() || null,
  ]
    .filter(Boolean)
    .join('  ·  ');
  if (foot) {
    parts.push(
      `<text x="${MARGIN}" y="${figuresY + 52}" font-family="${FONT_FAMILY}" font-size="28" ` +
        `font-weight="400" fill="${MUTED}" direction="ltr">${escapeXml(shortened(regular, foot, 28, TEXT_WIDTH))}</text>`,
    );
  }

  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${SHARE_IMAGE_WIDTH}" height="${SHARE_IMAGE_HEIGHT}" ` +
    `viewBox="0 0 ${SHARE_IMAGE_WIDTH} ${SHARE_IMAGE_HEIGHT}">` +
    `<rect width="${SHARE_IMAGE_WIDTH}" height="${SHARE_IMAGE_HEIGHT}" fill="${NAVY}"/>` +
    `<rect width="${SHARE_IMAGE_WIDTH}" height="10" fill="${GOLD}"/>` +
    parts.join('') +
    '</svg>'
  );
}

/**
 * The share image as a 1200×630 PNG, drawn off the event loop (resvg's `renderAsync` runs on
 * libuv's thread pool), so a render never holds up a gift.
 */
export async function renderShareImage(figures: ShareImageFigures): Promise<Buffer> {
  const { resvg, files } = loadKit();
  const rendered = await resvg.renderAsync(shareImageSvg(figures), {
    font: { fontFiles: files, loadSystemFonts: false, defaultFontFamily: FONT_FAMILY },
    logLevel: 'off',
    fitTo: { mode: 'original' },
  });
  return rendered.asPng();
}
