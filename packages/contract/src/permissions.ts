import { z } from 'zod';
import { PERMISSIONS } from './client/permissions';

export { DEFAULT_ROLES, PERMISSION_GROUPS, PERMISSIONS } from './client/permissions';

export const ZPermission = z.enum(PERMISSIONS);
export type TPermission = z.infer<typeof ZPermission>;
