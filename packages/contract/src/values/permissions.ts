/**
 * The fixed permission catalogue (PRODUCT.md §2), shared by server and web; permissions.ts adds its
 * schema. Apart from it, so that the web's first pages read it without zod.
 */
export const PERMISSIONS = [
  'dashboard.view',
  'orders.view',
  'orders.manage',
  'orders.create',
  'orders.void',
  'orders.discount',
  'audit.view',
  'menu.manage',
  'menu.availability',
  'tables.manage',
  'staff.manage',
  'roles.manage',
  'payments.view',
  'payments.take',
  'payments.manage',
  'wallet.view',
  'wallet.withdraw',
  'settlement.manage',
  'reviews.view',
  'settings.manage',
] as const;

type TPermission = (typeof PERMISSIONS)[number];

const MANAGER_EXCLUDED: readonly TPermission[] = ['settings.manage', 'settlement.manage', 'wallet.withdraw'];

/** Roles every new restaurant starts with; owners may edit them afterwards. */
export const DEFAULT_ROLES: readonly { name: string; permissions: readonly TPermission[] }[] = [
  { name: 'Manager', permissions: PERMISSIONS.filter((p) => !MANAGER_EXCLUDED.includes(p)) },
  {
    name: 'Waiter',
    permissions: [
      'orders.view',
      'orders.create',
      'orders.manage',
      'menu.availability',
      'reviews.view',
      'payments.take',
    ],
  },
  { name: 'Kitchen', permissions: ['orders.view', 'orders.manage', 'menu.availability'] },
  { name: 'Cashier', permissions: ['orders.view', 'payments.view', 'payments.take', 'payments.manage'] },
];

/** The catalogue by area, each permission said in plain words: what the roles editor shows. */
export const PERMISSION_GROUPS: readonly {
  area: string;
  permissions: readonly { permission: TPermission; label: string }[];
}[] = [
  {
    area: 'Overview',
    permissions: [{ permission: 'dashboard.view', label: 'See the overview and its figures' }],
  },
  {
    area: 'Orders',
    permissions: [
      { permission: 'orders.view', label: 'See orders and the live board' },
      { permission: 'orders.create', label: 'Take orders for a table' },
      { permission: 'orders.manage', label: 'Move orders along and cancel them' },
      { permission: 'orders.void', label: 'Void items after the kitchen started them' },
      { permission: 'orders.discount', label: 'Give discounts and comps' },
      { permission: 'audit.view', label: 'Read the activity log of changes, voids and payments' },
    ],
  },
  {
    area: 'Menu',
    permissions: [
      { permission: 'menu.manage', label: 'Edit the menu and its categories' },
      { permission: 'menu.availability', label: 'Mark dishes sold out for today, and back' },
    ],
  },
  {
    area: 'Tables',
    permissions: [{ permission: 'tables.manage', label: 'Add tables and print their QR codes' }],
  },
  {
    area: 'Team',
    permissions: [
      { permission: 'staff.manage', label: 'Add, change and deactivate staff' },
      { permission: 'roles.manage', label: 'Edit roles and what they may do' },
    ],
  },
  {
    area: 'Money',
    permissions: [
      { permission: 'payments.view', label: 'See payments' },
      { permission: 'payments.take', label: 'Take cash and card at the table (no refunds)' },
      { permission: 'payments.manage', label: 'Record payments and refunds' },
      { permission: 'wallet.view', label: 'See the wallet balance' },
      { permission: 'wallet.withdraw', label: 'Request payouts' },
      { permission: 'settlement.manage', label: 'Manage settlement accounts' },
    ],
  },
  { area: 'Reviews', permissions: [{ permission: 'reviews.view', label: "Read guests' reviews" }] },
  {
    area: 'Settings',
    permissions: [{ permission: 'settings.manage', label: "Change the restaurant's profile" }],
  },
];
