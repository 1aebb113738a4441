import { Navigate, Outlet, type RouteObject } from 'react-router';
import { RouteErrorBoundary } from './error-screen';
import { type DashboardRouteHandle, TODAY_MENU_PERMISSIONS } from './layout/nav-items';
import { lazyScreen } from './lazy-screen';
import { NotFoundScreen } from './not-found-screen';
import { ProtectedRoute } from './protected-route';

function guarded(
  permission: DashboardRouteHandle['permission'],
  otherwise?: DashboardRouteHandle['otherwise'],
): { handle: DashboardRouteHandle } {
  return { handle: { permission, otherwise } };
}

const overview = () =>
  lazyScreen(() => import('../features/overview/routes/overview-screen'), 'OverviewScreen');
const menuItemForm = () =>
  lazyScreen(() => import('../features/menu/routes/menu-item-form-screen'), 'MenuItemFormScreen');
const staffForm = () =>
  lazyScreen(() => import('../features/staff/routes/staff-form-screen'), 'StaffFormScreen');

/**
 * Every route of original-spec §2 and a 404, for React Router's declarative router (app.tsx): no
 * data-router features (loaders, `errorElement`, `useMatches`), which would add half of its
 * bytes to every dashboard page. Routes say their permission in `handle` (permission-guard.tsx).
 * The guest pages and the sandbox checkout have an entry
 * of their own (guest-routes.tsx, guest.html): the server never sends this app for them.
 */
export const routes: RouteObject[] = [
  {
    element: (
      <RouteErrorBoundary fullScreen>
        <Outlet />
      </RouteErrorBoundary>
    ),
    children: [
      {
        path: '/login',
        element: lazyScreen(() => import('../features/auth/routes/login-screen'), 'LoginScreen'),
      },
      {
        path: '/signup',
        element: lazyScreen(() => import('../features/auth/routes/signup-screen'), 'SignupScreen'),
      },
      {
        path: '/auth/forgot-password',
        element: lazyScreen(
          () => import('../features/auth/routes/forgot-password-screen'),
          'ForgotPasswordScreen',
        ),
      },
      {
        path: '/auth/reset-password',
        element: lazyScreen(
          () => import('../features/auth/routes/reset-password-screen'),
          'ResetPasswordScreen',
        ),
      },
      {
        path: '/',
        element: <ProtectedRoute />,
        children: [
          {
            // Outside the dashboard shell, so that only the pages reach the printer.
            path: 'dashboard/tables/print',
            element: lazyScreen(
              () => import('../features/tables/routes/tables-print-screen'),
              'TablesPrintScreen',
            ),
          },
          {
            // Lazy too: guests at /t/… never download the dashboard shell.
            element: lazyScreen(() => import('./layout/dashboard-layout'), 'DashboardLayout', {
              fullScreen: true,
            }),
            children: [
              {
                // Errors of a screen render inside the shell, so the navigation stays usable.
                element: (
                  <RouteErrorBoundary>
                    <Outlet />
                  </RouteErrorBoundary>
                ),
                children: [
                  { index: true, element: overview(), ...guarded('dashboard.view') },
                  { path: 'dashboard', element: <Navigate to="/dashboard/overview" replace /> },
                  { path: 'dashboard/overview', element: overview(), ...guarded('dashboard.view') },
                  {
                    path: 'dashboard/orders',
                    element: lazyScreen(
                      () => import('../features/orders/routes/orders-screen'),
                      'OrdersScreen',
                    ),
                    ...guarded('orders.view'),
                  },
                  {
                    path: 'dashboard/orders/past-orders',
                    element: lazyScreen(
                      () => import('../features/orders/routes/past-orders-screen'),
                      'PastOrdersScreen',
                    ),
                    ...guarded('orders.view'),
                  },
                  {
                    path: 'dashboard/orders/bills',
                    element: lazyScreen(
                      () => import('../features/table-service/routes/table-bills-screen'),
                      'TableBillsScreen',
                    ),
                    ...guarded('orders.view'),
                  },
                  {
                    path: 'dashboard/today-menu',
                    element: lazyScreen(
                      () => import('../features/menu/routes/today-menu-screen'),
                      'TodayMenuScreen',
                    ),
                    ...guarded(TODAY_MENU_PERMISSIONS),
                  },
                  {
                    path: 'dashboard/payments',
                    element: lazyScreen(
                      () => import('../features/payments/routes/payments-screen'),
                      'PaymentsScreen',
                    ),
                    ...guarded('payments.view'),
                  },
                  {
                    path: 'dashboard/reviews',
                    element: lazyScreen(
                      () => import('../features/reviews/routes/reviews-screen'),
                      'ReviewsScreen',
                    ),
                    ...guarded('reviews.view'),
                  },
                  {
                    path: 'dashboard/menu',
                    element: lazyScreen(() => import('../features/menu/routes/menu-screen'), 'MenuScreen'),
                    ...guarded('menu.manage'),
                  },
                  { path: 'dashboard/menu/add', element: menuItemForm(), ...guarded('menu.manage') },
                  { path: 'dashboard/menu/update/:id', element: menuItemForm(), ...guarded('menu.manage') },
                  {
                    path: 'dashboard/categories',
                    element: lazyScreen(
                      () => import('../features/categories/routes/categories-screen'),
                      'CategoriesScreen',
                    ),
                    ...guarded('menu.manage'),
                  },
                  {
                    path: 'dashboard/tables',
                    element: lazyScreen(
                      () => import('../features/tables/routes/tables-screen'),
                      'TablesScreen',
                    ),
                    ...guarded('tables.manage'),
                  },
                  {
                    path: 'dashboard/staff',
                    element: lazyScreen(() => import('../features/staff/routes/staff-screen'), 'StaffScreen'),
                    // Those who edit roles but not staff land on the roles tab.
                    ...guarded('staff.manage', { permission: 'roles.manage', to: '/dashboard/staff/roles' }),
                  },
                  {
                    path: 'dashboard/staff/roles',
                    element: lazyScreen(() => import('../features/staff/routes/roles-screen'), 'RolesScreen'),
                    ...guarded('roles.manage'),
                  },
                  { path: 'dashboard/staff/new-staff', element: staffForm(), ...guarded('staff.manage') },
                  { path: 'dashboard/staff/update/:id', element: staffForm(), ...guarded('staff.manage') },
                  {
                    path: 'dashboard/settlement',
                    element: lazyScreen(
                      () => import('../features/settlement/routes/settlement-screen'),
                      'SettlementScreen',
                    ),
                    // Those who manage the accounts but may not see the wallet land on the accounts.
                    ...guarded('wallet.view', {
                      permission: 'settlement.manage',
                      to: '/dashboard/settlement/accounts',
                    }),
                  },
                  {
                    path: 'dashboard/settlement/accounts',
                    element: lazyScreen(
                      () => import('../features/settlement/routes/settlement-accounts-screen'),
                      'SettlementAccountsScreen',
                    ),
                    // As the contract's settlement-account endpoints: wallet.view alone does not open them.
                    ...guarded('settlement.manage'),
                  },
                  {
                    path: 'dashboard/settlement/accounts/add-account',
                    element: lazyScreen(
                      () => import('../features/settlement/routes/add-account-screen'),
                      'AddAccountScreen',
                    ),
                    ...guarded('settlement.manage'),
                  },
                  {
                    path: 'dashboard/settings',
                    element: lazyScreen(
                      () => import('../features/settings/routes/settings-screen'),
                      'SettingsScreen',
                    ),
                    // Open to everyone (their own password); its sections follow permissions.
                  },
                ],
              },
            ],
          },
        ],
      },
      { path: '*', element: <NotFoundScreen /> },
    ],
  },
];
