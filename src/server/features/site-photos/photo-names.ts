import { storedNamePattern } from '~/server/services/media';

/** `/media/<stored name>` where a path may stand: alone, or as one entry of a srcset. */
const mediaPathPattern = new RegExp(
  `(?:^|[\\s,])/media/(${storedNamePattern.source.replace(/^\^|\$$/g, '')})(?=$|[\\s,])`,
  'g',
);

/**
 * Every stored media name a content document refers to (its photos' src, srcset and sources),
 * each once, in the order found: a backup copies these with the content that names them.
 */
export function photoNamesIn(content: unknown): string[] {
  const names = new Set<string>();
  const visit = (value: unknown) => {
    if (typeof value === 'string') {
      for (const match of value.matchAll(mediaPathPattern)) names.add(match[1]!);
    } else if (Array.isArray(value)) {
      value.forEach(visit);
    } else if (value && typeof value === 'object') {
      Object.values(value).forEach(visit);
    }
  };
  visit(content);
  return [...names];
}
