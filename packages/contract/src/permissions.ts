import { z } from 'zod';
import { PERMISSIONS } from './values/permissions';

export { DEFAULT_ROLES, PERMISSION_GROUPS, PERMISSIONS } from './values/permissions';

export const ZPermission = z.enum(PERMISSIONS);
export type TPermission = z.infer<typeof ZPermission>;
