import { PAGE_DATA_ELEMENT_ID, type PageDataSnapshot } from '~/client/app/page-data';
import type { DonateOptions } from '~/shared/donate-options';

/**
 * The donate page's options when it was opened inside the app (a client-side navigation brings no
 * server data): read from the page as the server renders it, its JSON data block, so the page
 * offers exactly what a full load would, from the same loader and nothing else to keep in step.
 */
export async function fetchDonateOptions(): Promise<DonateOptions> {
  const response = await fetch('/donate', { headers: { accept: 'text/html' } });
  if (!response.ok) throw new Error(`The donate page could not be loaded (${response.status}).`);
  const html = await response.text();
  const block = new DOMParser()
    .parseFromString(html, 'text/html')
    .getElementById(PAGE_DATA_ELEMENT_ID)?.textContent;
  const snapshot = block ? (JSON.parse(block) as PageDataSnapshot) : undefined;
  const options = snapshot?.data as DonateOptions | undefined;
  if (!options?.limits || !options.methods)
    throw new Error('The donate page came without its options.');
  return options;
}
