import type { TPermission } from '@tavolo/contract/permissions';
import type { ReactElement, ReactNode } from 'react';
import {
  BillIcon,
  BookIcon,
  CardIcon,
  FloorIcon,
  HistoryIcon,
  HomeIcon,
  KitchenIcon,
  ReceiptIcon,
  SettingsIcon,
  StarIcon,
  SunIcon,
  TableIcon,
  TagIcon,
  UsersIcon,
  WalletIcon,
} from '../components/ui/icons';
import { t } from '../lib/i18n/i18n';
import { lazyScreen } from './lazy-screen';

/** One permission, or several of which any will do. */
export type ScreenPermission = TPermission | readonly TPermission[];

/**
 * A screen inside the dashboard shell. The router (router.tsx) makes a route of each, the
 * permission guard (permission-guard.tsx) checks its permission, and those with `nav` are the
 * sidebar's links (layout/nav-items.tsx): a path and its permission are written here only.
 */
export interface DashboardScreen {
  /** Below "/", as the router takes it. */
  path: string;
  /** Who may open it; none: everyone of the restaurant. */
  permission?: ScreenPermission;
  /**
   * A neighbouring screen of the same area to go to instead, for those who lack this one's
   * permission but hold that one's. Its link shows to both.
   */
  otherwise?: DashboardScreen;
  /** Also the dashboard's home, "/". */
  index?: boolean;
  /**
   * The screen, its code loaded on its first visit. A new element per route: two paths of one
   * screen (add, update) do not share a mounted form.
   */
  screen: () => ReactElement;
  /** Its link in the sidebar and the mobile menu, in this list's order. */
  nav?: {
    /** A function: the words are looked up when the link is drawn, in the language of the moment. */
    label: () => string;
    icon: ReactNode;
    /** Active on this exact path only (Orders must not light up on Past orders). */
    end?: boolean;
    /** Who sees the link, when not those who may open the screen. */
    shownTo?: ScreenPermission;
  };
}

const overview = () =>
  lazyScreen(() => import('../features/overview/routes/overview-screen'), 'OverviewScreen');
const menuItemForm = () =>
  lazyScreen(() => import('../features/menu/routes/menu-item-form-screen'), 'MenuItemFormScreen');
const staffForm = () =>
  lazyScreen(() => import('../features/staff/routes/staff-form-screen'), 'StaffFormScreen');

// The floor and a table's screen read the floor (orders.view, PRODUCT.md §9): a member who may take
// orders but not see them has nothing to work from there.
const floorPermission: ScreenPermission = ['orders.view'];

const roles: DashboardScreen = {
  path: 'dashboard/staff/roles',
  permission: 'roles.manage',
  screen: () => lazyScreen(() => import('../features/staff/routes/roles-screen'), 'RolesScreen'),
};

const settlementAccounts: DashboardScreen = {
  path: 'dashboard/settlement/accounts',
  // As the contract's settlement-account endpoints: wallet.view alone does not open them.
  permission: 'settlement.manage',
  screen: () =>
    lazyScreen(
      () => import('../features/settlement/routes/settlement-accounts-screen'),
      'SettlementAccountsScreen',
    ),
};

/** Every screen of original-spec §2 inside the dashboard shell, in sidebar order. */
export const DASHBOARD_SCREENS: readonly DashboardScreen[] = [
  {
    path: 'dashboard/overview',
    index: true,
    permission: 'dashboard.view',
    screen: overview,
    nav: { label: () => t('app.nav.overview'), icon: <HomeIcon /> },
  },
  {
    path: 'dashboard/orders',
    permission: 'orders.view',
    screen: () => lazyScreen(() => import('../features/orders/routes/orders-screen'), 'OrdersScreen'),
    nav: { label: () => t('app.nav.orders'), icon: <ReceiptIcon />, end: true },
  },
  {
    // Waiters and hosts work the floor.
    path: 'dashboard/floor',
    permission: floorPermission,
    screen: () => lazyScreen(() => import('../features/floor/routes/floor-screen'), 'FloorScreen'),
    nav: { label: () => t('app.nav.floor'), icon: <FloorIcon />, end: true },
  },
  {
    path: 'dashboard/floor/table/:id',
    permission: floorPermission,
    screen: () => lazyScreen(() => import('../features/floor/routes/floor-table-screen'), 'FloorTableScreen'),
  },
  {
    // A station's screen: its tickets, worked by touch or a bump bar; the device keeps its station.
    path: 'dashboard/kitchen',
    permission: 'orders.view',
    screen: () => lazyScreen(() => import('../features/kitchen/routes/kitchen-screen'), 'KitchenScreen'),
    nav: { label: () => t('app.nav.kitchen'), icon: <KitchenIcon /> },
  },
  {
    // The pass: whole orders with each station's progress, reached from the station screen.
    path: 'dashboard/kitchen/expo',
    permission: 'orders.view',
    screen: () => lazyScreen(() => import('../features/kitchen/routes/expo-screen'), 'ExpoScreen'),
  },
  {
    path: 'dashboard/orders/past-orders',
    permission: 'orders.view',
    screen: () =>
      lazyScreen(() => import('../features/orders/routes/past-orders-screen'), 'PastOrdersScreen'),
    nav: { label: () => t('app.nav.pastOrders'), icon: <HistoryIcon /> },
  },
  {
    // The audit log, reached from the Orders screen's header.
    path: 'dashboard/orders/activity',
    permission: 'audit.view',
    screen: () => lazyScreen(() => import('../features/audit/routes/activity-screen'), 'ActivityScreen'),
  },
  {
    // The tables' open bills: the floor sees them, those who take payments settle them there.
    path: 'dashboard/orders/bills',
    permission: 'orders.view',
    screen: () =>
      lazyScreen(() => import('../features/table-service/routes/table-bills-screen'), 'TableBillsScreen'),
    nav: { label: () => t('app.nav.bills'), icon: <BillIcon /> },
  },
  {
    path: 'dashboard/today-menu',
    // Menu managers see today's menu; the kitchen and the floor mark dishes sold out there.
    permission: ['menu.manage', 'menu.availability'],
    screen: () => lazyScreen(() => import('../features/menu/routes/today-menu-screen'), 'TodayMenuScreen'),
    nav: { label: () => t('app.nav.todayMenu'), icon: <SunIcon /> },
  },
  {
    path: 'dashboard/menu',
    permission: 'menu.manage',
    screen: () => lazyScreen(() => import('../features/menu/routes/menu-screen'), 'MenuScreen'),
    nav: { label: () => t('app.nav.menu'), icon: <BookIcon /> },
  },
  { path: 'dashboard/menu/add', permission: 'menu.manage', screen: menuItemForm },
  { path: 'dashboard/menu/update/:id', permission: 'menu.manage', screen: menuItemForm },
  {
    // Reached from the Menu screen's header.
    path: 'dashboard/menu/import',
    permission: 'menu.manage',
    screen: () => lazyScreen(() => import('../features/menu/routes/menu-import-screen'), 'MenuImportScreen'),
  },
  {
    path: 'dashboard/categories',
    permission: 'menu.manage',
    screen: () =>
      lazyScreen(() => import('../features/categories/routes/categories-screen'), 'CategoriesScreen'),
    nav: { label: () => t('app.nav.categories'), icon: <TagIcon /> },
  },
  {
    path: 'dashboard/tables',
    permission: 'tables.manage',
    screen: () => lazyScreen(() => import('../features/tables/routes/tables-screen'), 'TablesScreen'),
    nav: { label: () => t('app.nav.tables'), icon: <TableIcon /> },
  },
  {
    path: 'dashboard/staff',
    permission: 'staff.manage',
    // Those who edit roles but not staff land on the roles tab.
    otherwise: roles,
    screen: () => lazyScreen(() => import('../features/staff/routes/staff-screen'), 'StaffScreen'),
    nav: { label: () => t('app.nav.staff'), icon: <UsersIcon /> },
  },
  roles,
  { path: 'dashboard/staff/new-staff', permission: 'staff.manage', screen: staffForm },
  { path: 'dashboard/staff/update/:id', permission: 'staff.manage', screen: staffForm },
  {
    path: 'dashboard/payments',
    permission: 'payments.view',
    screen: () => lazyScreen(() => import('../features/payments/routes/payments-screen'), 'PaymentsScreen'),
    nav: { label: () => t('app.nav.payments'), icon: <CardIcon /> },
  },
  // The Payments area's other screens, reached by its tabs (the Payments link stays lit on them).
  {
    path: 'dashboard/payments/receipts',
    permission: 'payments.view',
    screen: () => lazyScreen(() => import('../features/payments/routes/receipts-screen'), 'ReceiptsScreen'),
  },
  {
    path: 'dashboard/payments/receipts/:id',
    permission: 'payments.view',
    screen: () => lazyScreen(() => import('../features/payments/routes/receipt-screen'), 'ReceiptScreen'),
  },
  {
    // Closing needs payments.manage; the screen shows the day's report to whoever sees payments.
    path: 'dashboard/payments/close-day',
    permission: 'payments.view',
    screen: () => lazyScreen(() => import('../features/payments/routes/close-day-screen'), 'CloseDayScreen'),
  },
  {
    path: 'dashboard/reviews',
    permission: 'reviews.view',
    screen: () => lazyScreen(() => import('../features/reviews/routes/reviews-screen'), 'ReviewsScreen'),
    nav: { label: () => t('app.nav.reviews'), icon: <StarIcon /> },
  },
  {
    path: 'dashboard/settlement',
    permission: 'wallet.view',
    // Those who manage the accounts but may not see the wallet land on the accounts.
    otherwise: settlementAccounts,
    screen: () =>
      lazyScreen(() => import('../features/settlement/routes/settlement-screen'), 'SettlementScreen'),
    nav: { label: () => t('app.nav.settlement'), icon: <WalletIcon /> },
  },
  settlementAccounts,
  {
    path: 'dashboard/settlement/accounts/add-account',
    permission: 'settlement.manage',
    screen: () =>
      lazyScreen(() => import('../features/settlement/routes/add-account-screen'), 'AddAccountScreen'),
  },
  {
    path: 'dashboard/settings',
    // Open to everyone (their own password); its sections follow permissions. The link shows to
    // those who run the restaurant.
    screen: () => lazyScreen(() => import('../features/settings/routes/settings-screen'), 'SettingsScreen'),
    nav: { label: () => t('app.nav.settings'), icon: <SettingsIcon />, shownTo: 'settings.manage' },
  },
];
