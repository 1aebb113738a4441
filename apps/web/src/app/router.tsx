import { Navigate, Outlet, type RouteObject } from 'react-router';
import { DASHBOARD_SCREENS } from './dashboard-screens';
import { RouteErrorBoundary } from './error-screen';
import { lazyScreen } from './lazy-screen';
import { NotFoundScreen } from './not-found-screen';
import { ProtectedRoute } from './protected-route';
import { BrowserLanguageScreens } from './spoken-language';

/** The dashboard's screens as routes (dashboard-screens.tsx); the overview is also "/". */
const dashboardRoutes: RouteObject[] = DASHBOARD_SCREENS.flatMap((screen): RouteObject[] => [
  ...(screen.index ? [{ index: true, element: screen.screen() }] : []),
  { path: screen.path, element: screen.screen() },
]);

/**
 * Every route of original-spec §2 and a 404, for React Router's declarative router (app.tsx): no
 * data-router features (loaders, `errorElement`, `useMatches`), which would add half of its
 * bytes to every dashboard page. The screens inside the dashboard shell come from
 * dashboard-screens.tsx. The guest pages and the sandbox checkout have an entry of their own
 * (guest-routes.tsx, guest.html): the server never sends this app for them.
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
        // The sign-in screens speak the browser's language.
        element: <BrowserLanguageScreens />,
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
        ],
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
                  { path: 'dashboard', element: <Navigate to="/dashboard/overview" replace /> },
                  ...dashboardRoutes,
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
