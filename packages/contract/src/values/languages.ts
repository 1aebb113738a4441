// The languages Tavolo speaks, without zod: languages.ts builds its schemas on them, and pages and the
// server read them (and choose among them) here.

/** The languages the dashboard and the guest pages speak, and a restaurant may write its menu in. */
export const LANGUAGES = ['en', 'it', 'es', 'de', 'fr'] as const;
export type Language = (typeof LANGUAGES)[number];

/** Whether `value` is one of LANGUAGES. */
export function isLanguage(value: unknown): value is Language {
  return (LANGUAGES as readonly unknown[]).includes(value);
}

/** A language tag's language: `de-CH` → `de`, `EN` → `en`; undefined when that is not one of ours. */
export function languageOfTag(tag: string): Language | undefined {
  const primary = tag.trim().split(/[-_]/, 1)[0]!.toLowerCase();
  return isLanguage(primary) ? primary : undefined;
}

/** The tags of an Accept-Language header, best first (ties keep their order); q=0 ones left out. */
export function acceptedTags(header: string): string[] {
  const ranges: { tag: string; q: number; at: number }[] = [];
  // A header lists a handful; a longer one is read no further than that.
  for (const [at, part] of header.split(',').slice(0, 32).entries()) {
    const [tag = '', ...params] = part.split(';');
    let q = 1;
    for (const param of params) {
      const [name, value] = param.split('=');
      if (name?.trim().toLowerCase() === 'q') q = Number(value);
    }
    if (tag.trim() && Number.isFinite(q) && q > 0) ranges.push({ tag: tag.trim(), q, at });
  }
  return ranges.sort((a, b) => b.q - a.q || a.at - b.at).map((r) => r.tag);
}

/**
 * The best of `available` (a restaurant's languages, the first its working language) for a reader
 * who asked for `requested` (a `lang` parameter) or else sent `acceptLanguage`: the requested one if
 * the restaurant has it, else the first of the header's it has (`*` meaning any: the working
 * language), else the working language.
 */
export function chooseLanguage(
  available: readonly Language[],
  requested: string | undefined,
  acceptLanguage: string | undefined,
): Language {
  const working = available[0] ?? 'en';
  const has = (language: Language | undefined): language is Language =>
    language !== undefined && available.includes(language);
  const asked = requested === undefined ? undefined : languageOfTag(requested);
  if (has(asked)) return asked;
  if (acceptLanguage) {
    for (const tag of acceptedTags(acceptLanguage)) {
      if (tag === '*') return working;
      const language = languageOfTag(tag);
      if (has(language)) return language;
    }
  }
  return working;
}
