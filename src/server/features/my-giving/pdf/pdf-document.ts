import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type PDFKit from 'pdfkit';

const require = createRequire(import.meta.url);
/**
 * pdfkit, loaded with the first PDF: it takes about a tenth of a second to load, which every
 * server start and test file would otherwise pay for documents most of them never make.
 */
let pdfkit: typeof PDFKit | undefined;
const PDFDocument = () => (pdfkit ??= require('pdfkit') as typeof PDFKit);
/**
 * Noto Sans Hebrew (SIL Open Font License 1.1, from npm, so it travels with the app): one font
 * with Latin and Hebrew letters, embedded (subset) in every PDF, so a donor's Hebrew name prints
 * on any reader.
 */
const fontFile = (weight: '400Regular' | '700Bold') =>
  require.resolve(`@expo-google-fonts/noto-sans-hebrew/${weight}/NotoSansHebrew_${weight}.ttf`);
/** Read on the first PDF, then kept: pdfkit would read the files again for every document. */
let fonts: { regular: Buffer; bold: Buffer } | undefined;
const fontData = () =>
  (fonts ??= {
    regular: readFileSync(fontFile('400Regular')),
    bold: readFileSync(fontFile('700Bold')),
  });
const REGULAR = 'body';
const BOLD = 'bold';

/** Hebrew letters, and the spaces and marks between the words of a Hebrew run. */
const hebrewRun = /([\u0590-\u05FF](?:[\u0590-\u05FF\s'"\u05F3\u05F4-]*[\u0590-\u05FF])?)/;
const hasHebrew = (text: string) => /[\u0590-\u05FF]/.test(text);

export type Pdf = InstanceType<typeof PDFKit>;

/** A Letter page with the embedded font and the document's title. */
export function newPdf(title: string, author: string): Pdf {
  const doc = new (PDFDocument())({
    size: 'LETTER',
    margin: 54,
    info: { Title: title, Author: author, Producer: author, Creator: author },
    // Fixed dates and ids: the same receipt renders to the same bytes (tests, caches).
    bufferPages: false,
  });
  const { regular, bold } = fontData();
  doc.registerFont(REGULAR, regular);
  doc.registerFont(BOLD, bold);
  doc.font(REGULAR);
  return doc;
}

/** The width of the text box from `x` to the right margin. */
const widthFrom = (doc: Pdf, x: number) => doc.page.width - doc.page.margins.right - x;

/**
 * The width `text` takes as `drawLine` draws it: a Hebrew run letter by letter (so a long run
 * measures exactly what its letters will take), the rest as pdfkit measures it.
 */
function drawnWidth(doc: Pdf, text: string) {
  let width = 0;
  for (const run of text.split(hebrewRun)) {
    if (!hasHebrew(run)) width += doc.widthOfString(run);
    else for (const letter of run) width += doc.widthOfString(letter);
  }
  return width;
}

/**
 * `text` cut into lines no wider than `width`, at spaces (a word wider than the whole line, such
 * as a long email address, where it must), in the order the words were typed: the bidirectional
 * order is each line's own, as the Unicode bidirectional algorithm breaks lines before it
 * reorders them.
 */
export function wrapLines(doc: Pdf, text: string, width: number): string[] {
  const lines: string[] = [];
  for (const typed of text.split('\n')) {
    let line = '';
    for (const word of typed.split(/\s+/)) {
      if (!word) continue;
      const joined = line ? `${line} ${word}` : word;
      if (drawnWidth(doc, joined) <= width) {
        line = joined;
        continue;
      }
      if (line) lines.push(line);
      let rest = [...word];
      while (rest.length > 1 && drawnWidth(doc, rest.join('')) > width) {
        let fits = 1;
        while (fits < rest.length && drawnWidth(doc, rest.slice(0, fits + 1).join('')) <= width) {
          fits++;
        }
        lines.push(rest.slice(0, fits).join(''));
        rest = rest.slice(fits);
      }
      line = rest.join('');
    }
    lines.push(line);
  }
  return lines;
}

/**
 * One line at (x, y), as it fits (see `wrapLines`). PDF text runs left to right and pdfkit does
 * no bidirectional layout, so each Hebrew run is placed letter by letter from its right end
 * leftwards (it reads right to left, as the Unicode bidirectional algorithm places it in a
 * left-to-right line) while the letters go into the file in their logical order: text extraction
 * (pdftotext, copy and paste, a screen reader) then reads the name as it was typed.
 */
function drawLine(doc: Pdf, line: string, x: number, y: number) {
  let left = x;
  for (const run of line.split(hebrewRun)) {
    if (!run) continue;
    const width = drawnWidth(doc, run);
    if (hasHebrew(run)) {
      let right = left + width;
      for (const letter of run) {
        right -= doc.widthOfString(letter);
        if (letter.trim()) doc.text(letter, right, y, { lineBreak: false });
      }
    } else {
      doc.text(run, left, y, { lineBreak: false });
    }
    left += width;
  }
}

/** Whether `lines` lines fit between `y` and the bottom margin. */
const fits = (doc: Pdf, y: number, lines: number) =>
  y + lines * doc.currentLineHeight(true) <= doc.page.height - doc.page.margins.bottom;

/**
 * Writes `text` in the current font from (x, y), wrapped within `width`, on a new page when the
 * bottom margin is reached; returns the y below it. Every line of every document goes through
 * here, so nothing is drawn past the margins and Hebrew reads right to left wherever it is.
 */
function textBlock(doc: Pdf, text: string, x: number, y: number, width: number) {
  for (const line of wrapLines(doc, text, width)) {
    if (!fits(doc, y, 1)) {
      doc.addPage();
      y = doc.page.margins.top;
    }
    drawLine(doc, line, x, y);
    y += doc.currentLineHeight(true);
  }
  return y;
}

/** Writes a paragraph from the left margin to the right, wrapped. */
export function paragraph(
  doc: Pdf,
  text: string,
  { size = 11, bold = false, gap = 0.6 }: { size?: number; bold?: boolean; gap?: number } = {},
) {
  doc.font(bold ? BOLD : REGULAR).fontSize(size);
  const left = doc.page.margins.left;
  doc.y = textBlock(doc, text, left, doc.y, widthFrom(doc, left));
  doc.x = left;
  doc.moveDown(gap);
}

const LABEL_WIDTH = 140;
const VALUE_OFFSET = 150;

/** Label and value rows, the labels in grey; a row is never split across pages. */
export function rows(doc: Pdf, entries: [string, string][]) {
  doc.fontSize(11);
  const left = doc.page.margins.left;
  const valueWidth = widthFrom(doc, left + VALUE_OFFSET);
  for (const [label, value] of entries) {
    const labelLines = wrapLines(doc.font(REGULAR), label, LABEL_WIDTH).length;
    const height = Math.max(labelLines, wrapLines(doc.font(BOLD), value, valueWidth).length);
    if (!fits(doc, doc.y, height) && fits(doc, doc.page.margins.top, height)) doc.addPage();
    const y = doc.y;
    doc.font(REGULAR).fillColor('#57534e');
    const labelEnd = textBlock(doc, label, left, y, LABEL_WIDTH);
    doc.font(BOLD).fillColor('#1c1917');
    const valueEnd = textBlock(doc, value, left + VALUE_OFFSET, y, valueWidth);
    doc.y = Math.max(labelEnd, valueEnd);
    doc.moveDown(0.3);
  }
  doc.x = left;
  doc.moveDown(0.6);
}

/** The organisation's letterhead: legal name, address, EIN. */
export function letterhead(
  doc: Pdf,
  org: { legalName: string; ein: string; address: string[]; email: string },
) {
  paragraph(doc, org.legalName, { size: 18, bold: true, gap: 0.2 });
  doc.fillColor('#57534e');
  for (const line of org.address.slice(org.address[0] === org.legalName ? 1 : 0)) {
    paragraph(doc, line, { size: 10, gap: 0 });
  }
  paragraph(doc, `EIN ${org.ein} · ${org.email}`, { size: 10, gap: 0 });
  doc.fillColor('#1c1917').moveDown(1.5);
}

/** The finished document's bytes. */
export function pdfBytes(doc: Pdf): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.end();
  });
}
