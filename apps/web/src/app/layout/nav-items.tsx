import type { TPermission } from '@tavolo/contract/permissions';
import type { ReactNode } from 'react';
import {
  BookIcon,
  CardIcon,
  HistoryIcon,
  HomeIcon,
  ReceiptIcon,
  SettingsIcon,
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

export const TODAY_MENU_PERMISSIONS: readonly TPermission[] = ['menu.manage', 'orders.manage'];

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
  {
    to: '/dashboard/today-menu',
    label: "Today's menu",
    icon: <SunIcon />,
    // The kitchen marks dishes sold out too (the server allows it with orders.manage).
    permission: TODAY_MENU_PERMISSIONS,
  },
  { to: '/dashboard/menu', label: 'Menu', icon: <BookIcon />, permission: 'menu.manage' },
  { to: '/dashboard/categories', label: 'Categories', icon: <TagIcon />, permission: 'menu.manage' },
  { to: '/dashboard/tables', label: 'Tables', icon: <TableIcon />, permission: 'tables.manage' },
  { to: '/dashboard/staff', label: 'Staff', icon: <UsersIcon />, permission: 'staff.manage' },
  { to: '/dashboard/payments', label: 'Payments', icon: <CardIcon />, permission: 'payments.view' },
  { to: '/dashboard/settlement', label: 'Settlement', icon: <WalletIcon />, permission: 'wallet.view' },
  { to: '/dashboard/settings', label: 'Settings', icon: <SettingsIcon />, permission: 'settings.manage' },
];

/** What a dashboard route declares in its `handle`. */
export interface DashboardRouteHandle {
  permission?: TPermission | readonly TPermission[];
}
