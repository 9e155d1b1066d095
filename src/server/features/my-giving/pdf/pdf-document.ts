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

/**
 * One line with Hebrew in it, at (x, y), unwrapped. PDF text runs left to right and pdfkit does
 * no bidirectional layout, so each Hebrew run is placed letter by letter from its right end
 * leftwards (it reads right to left, as the Unicode bidirectional algorithm places it) while the
 * letters go into the file in their logical order: text extraction (pdftotext, copy and paste,
 * a screen reader) then reads the name as it was typed.
 */
export function mixedLine(doc: Pdf, text: string, x: number, y: number) {
  let left = x;
  for (const run of text.split(hebrewRun)) {
    if (!run) continue;
    const width = doc.widthOfString(run);
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
  doc.x = doc.page.margins.left;
  doc.y = y + doc.currentLineHeight(true);
}

/** Writes a paragraph: wrapped when it is all Latin, one line when it carries Hebrew. */
export function paragraph(
  doc: Pdf,
  text: string,
  { size = 11, bold = false, gap = 0.6 }: { size?: number; bold?: boolean; gap?: number } = {},
) {
  doc.font(bold ? BOLD : REGULAR).fontSize(size);
  if (hasHebrew(text)) mixedLine(doc, text, doc.page.margins.left, doc.y);
  else doc.text(text, doc.page.margins.left, doc.y);
  doc.moveDown(gap);
}

/** Label and value rows, the labels in grey. */
export function rows(doc: Pdf, entries: [string, string][]) {
  doc.fontSize(11);
  for (const [label, value] of entries) {
    const y = doc.y;
    doc.font(REGULAR).fillColor('#57534e').text(label, doc.page.margins.left, y, { width: 140 });
    doc.font(BOLD).fillColor('#1c1917');
    if (hasHebrew(value)) mixedLine(doc, value, doc.page.margins.left + 150, y);
    else doc.text(value, doc.page.margins.left + 150, y, { width: 350 });
    doc.moveDown(0.3);
  }
  doc.x = doc.page.margins.left;
  doc.moveDown(0.6);
}

/** The organisation's letterhead: legal name, address, EIN. */
export function letterhead(
  doc: Pdf,
  org: { legalName: string; ein: string; address: string[]; email: string },
) {
  paragraph(doc, org.legalName, { size: 18, bold: true, gap: 0.2 });
  doc.font(REGULAR).fontSize(10).fillColor('#57534e');
  for (const line of org.address.slice(org.address[0] === org.legalName ? 1 : 0)) doc.text(line);
  doc.text(`EIN ${org.ein} · ${org.email}`);
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
