import { menuImportRoutes } from '@tavolo/contract/client/menu-import';
import { urlOf } from '../../../lib/api-client';

/*
 * Where menu.csv and the import's template download from. Plain links (not fetch), so the browser
 * saves the attachment itself, with the session cookie.
 */

/** The current menu, in the columns the import reads. */
export const menuCsvUrl = () => urlOf(menuImportRoutes.menuCsv);

/** menu.csv's header alone, for the restaurant's languages. */
export const menuCsvTemplateUrl = () => urlOf(menuImportRoutes.menuCsvTemplate);
