import { z } from 'zod';
import { LANGUAGES } from './values/languages';

export { chooseLanguage, isLanguage, LANGUAGES, type Language, languageOfTag } from './values/languages';

/** One of the languages Tavolo speaks (ISO 639-1). */
export const ZLanguage = z.enum(LANGUAGES, { message: `must be one of ${LANGUAGES.join(', ')}` });
export type TLanguage = z.infer<typeof ZLanguage>;

/** A restaurant's languages: the first is its working language (tickets, board, receipts, exports). */
export const ZRestaurantLanguages = z
  .array(ZLanguage)
  .min(1, { message: 'needs at least one language' })
  .max(LANGUAGES.length)
  .refine((languages) => new Set(languages).size === languages.length, {
    message: 'must not repeat a language',
  })
  .meta({
    uniqueItems: true,
    description:
      "The languages its menu is written in, each once; the first is the working language (tickets, the board, receipts and exports stay in it), the others are the menu's translations",
  });
