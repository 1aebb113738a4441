// The Overview's periods, without zod: dashboard.ts builds its schemas on them and pages read them here.
// Not in client/dashboard.ts, which imports dashboard.ts for its types: dashboard.ts would import it back.

export const DASHBOARD_PERIODS = ['today', 'week', 'month', 'year'] as const;
