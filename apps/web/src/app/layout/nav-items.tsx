import type { TPermission } from '@tavolo/contract/permissions';
import type { ReactNode } from 'react';
import {
  BillIcon,
  BookIcon,
  CardIcon,
  HistoryIcon,
  HomeIcon,
  ReceiptIcon,
  SettingsIcon,
  StarIcon,
  SunIcon,
  TableIcon,
  TagIcon,
  UsersIcon,
  WalletIcon,
} from '../../components/ui/icons';

export interface NavItem {
  to: string;
  label: string;
  icon: ReactNode;
  /** One permission, or several of which any will do. */
  permission: TPermission | readonly TPermission[];
  /** Active on this exact path only (Orders must not light up on Past orders). */
  end?: boolean;
}

/** Menu managers see today's menu; the kitchen and the floor mark dishes sold out there. */
export const TODAY_MENU_PERMISSIONS: readonly TPermission[] = ['menu.manage', 'menu.availability'];

/** The Staff area holds the staff list and the roles editor; either permission opens it. */
export const STAFF_AREA_PERMISSIONS: readonly TPermission[] = ['staff.manage', 'roles.manage'];

/** The Settlement area holds the wallet and the settlement accounts; either permission opens it. */
export const SETTLEMENT_AREA_PERMISSIONS: readonly TPermission[] = ['wallet.view', 'settlement.manage'];

/** Every dashboard area, in sidebar order, with the permission that shows it. */
export const NAV_ITEMS: readonly NavItem[] = [
  { to: '/dashboard/overview', label: 'Overview', icon: <HomeIcon />, permission: 'dashboard.view' },
  { to: '/dashboard/orders', label: 'Orders', icon: <ReceiptIcon />, permission: 'orders.view', end: true },
  {
    to: '/dashboard/orders/past-orders',
    label: 'Past orders',
    icon: <HistoryIcon />,
    permission: 'orders.view',
  },
  // The tables' open bills: the floor sees them, those who take payments settle them there.
  { to: '/dashboard/orders/bills', label: 'Bills', icon: <BillIcon />, permission: 'orders.view' },
  {
    to: '/dashboard/today-menu',
    label: "Today's menu",
    icon: <SunIcon />,
    permission: TODAY_MENU_PERMISSIONS,
  },
  { to: '/dashboard/menu', label: 'Menu', icon: <BookIcon />, permission: 'menu.manage' },
  { to: '/dashboard/categories', label: 'Categories', icon: <TagIcon />, permission: 'menu.manage' },
  { to: '/dashboard/tables', label: 'Tables', icon: <TableIcon />, permission: 'tables.manage' },
  { to: '/dashboard/staff', label: 'Staff', icon: <UsersIcon />, permission: STAFF_AREA_PERMISSIONS },
  { to: '/dashboard/payments', label: 'Payments', icon: <CardIcon />, permission: 'payments.view' },
  { to: '/dashboard/reviews', label: 'Reviews', icon: <StarIcon />, permission: 'reviews.view' },
  {
    to: '/dashboard/settlement',
    label: 'Settlement',
    icon: <WalletIcon />,
    permission: SETTLEMENT_AREA_PERMISSIONS,
  },
  // Everyone opens Settings for their own password; the link shows to those who run the restaurant.
  { to: '/dashboard/settings', label: 'Settings', icon: <SettingsIcon />, permission: 'settings.manage' },
];

/** What a dashboard route declares in its `handle`. */
export interface DashboardRouteHandle {
  permission?: TPermission | readonly TPermission[];
  /** Where to go instead when the permission is missing but this one is held (Staff → Roles). */
  otherwise?: { permission: TPermission; to: string };
}
