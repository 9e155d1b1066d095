import { execFileSync } from 'node:child_process';

/**
 * The text of a PDF as Debian's `pdftotext` (poppler-utils, installed by .ci/run) extracts it,
 * in reading order (`-layout` off): what a search or copy and paste finds in it. pdftotext wraps
 * a right-to-left run in embedding marks (U+202B … U+202C); they are dropped here.
 */
export function pdfText(pdf: Buffer): string {
  return execFileSync('pdftotext', ['-enc', 'UTF-8', '-', '-'], { input: pdf })
    .toString('utf8')
    .replace(/[\u202A-\u202E]/g, '');
}
