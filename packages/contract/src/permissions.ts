import { z } from 'zod';

/** The fixed permission catalogue (PRODUCT.md §2), shared by server and web. */
export const PERMISSIONS = [
  'dashboard.view',
  'orders.view',
  'orders.manage',
  'orders.create',
  'menu.manage',
  'tables.manage',
  'staff.manage',
  'roles.manage',
  'payments.view',
  'payments.manage',
  'wallet.view',
  'wallet.withdraw',
  'settlement.manage',
  'reviews.view',
  'settings.manage',
] as const;

export const ZPermission = z.enum(PERMISSIONS);
export type TPermission = z.infer<typeof ZPermission>;

const MANAGER_EXCLUDED: readonly TPermission[] = ['settings.manage', 'settlement.manage', 'wallet.withdraw'];

/** Roles every new restaurant starts with; owners may edit them afterwards. */
export const DEFAULT_ROLES: readonly { name: string; permissions: readonly TPermission[] }[] = [
  { name: 'Manager', permissions: PERMISSIONS.filter((p) => !MANAGER_EXCLUDED.includes(p)) },
  { name: 'Waiter', permissions: ['orders.view', 'orders.create', 'orders.manage', 'reviews.view'] },
  { name: 'Kitchen', permissions: ['orders.view', 'orders.manage'] },
  { name: 'Cashier', permissions: ['orders.view', 'payments.view', 'payments.manage'] },
];
