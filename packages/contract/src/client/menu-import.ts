import { routesOf } from '../endpoint';
import type { menuImportEndpoints } from '../menu-import';

/** The menu import's routes without their schemas (see `Route`). */

export const menuImportRoutes = routesOf<typeof menuImportEndpoints>({
  menuCsv: 'GET /api/menu/export.csv',
  menuCsvTemplate: 'GET /api/menu/import/template.csv',
  previewMenuImport: 'POST /api/menu/import',
  applyMenuImport: 'POST /api/menu/import/:previewId',
});
