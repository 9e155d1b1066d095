import { execFileSync } from 'node:child_process';

export interface WordBox {
  page: number;
  text: string;
  xMin: number;
  yMin: number;
  xMax: number;
  yMax: number;
}

/**
 * Every word `pdftotext -bbox` finds in a PDF, with its box in points from the page's top left:
 * where the ink of the text really is, whatever drew it.
 */
export function pdfWordBoxes(pdf: Buffer): {
  pages: { width: number; height: number }[];
  words: WordBox[];
} {
  const html = execFileSync('pdftotext', ['-bbox', '-enc', 'UTF-8', '-', '-'], {
    input: pdf,
  }).toString('utf8');
  const pages: { width: number; height: number }[] = [];
  const words: WordBox[] = [];
  const tag =
    /<page width="([\d.]+)" height="([\d.]+)">|<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g;
  for (const m of html.matchAll(tag)) {
    if (m[1]) pages.push({ width: Number(m[1]), height: Number(m[2]) });
    else
      words.push({
        page: pages.length,
        text: m[7]!,
        xMin: Number(m[3]),
        yMin: Number(m[4]),
        xMax: Number(m[5]),
        yMax: Number(m[6]),
      });
  }
  return { pages, words };
}

/** The words drawn (even partly) outside the page's margins. */
export function wordsOutsideMargins(pdf: Buffer, margin: number): WordBox[] {
  const { pages, words } = pdfWordBoxes(pdf);
  // Half a point for the rounding of glyph boxes.
  const slack = 0.5;
  return words.filter((w) => {
    const page = pages[w.page - 1]!;
    return (
      w.xMin < margin - slack ||
      w.yMin < margin - slack ||
      w.xMax > page.width - margin + slack ||
      w.yMax > page.height - margin + slack
    );
  });
}
