import { Link } from 'react-router';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { SparkIcon } from '../../../components/ui/icons';
import { PageHeader } from '../../../components/ui/page-header';
import { hasPermission, useCurrentSession } from '../../../lib/current-session';
import { formatMoney } from '../../../lib/format';
import { StatCard } from '../components/stat-card';

const FIRST_STEPS = [
  { to: '/dashboard/categories', label: 'Group your menu into categories', permission: 'menu.manage' },
  { to: '/dashboard/menu/add', label: 'Add your first dishes', permission: 'menu.manage' },
  { to: '/dashboard/tables', label: 'Add tables and print their QR codes', permission: 'tables.manage' },
  { to: '/dashboard/staff/new-staff', label: 'Invite your team', permission: 'staff.manage' },
] as const;

export function OverviewScreen() {
  const session = useCurrentSession();
  const { currency } = session.restaurant;
  const firstName = session.name.split(/\s+/)[0] || session.name;
  const steps = FIRST_STEPS.filter((step) => hasPermission(session, step.permission));

  return (
    <>
      <PageHeader title="Overview" description="How today is going, at a glance." />
      <div className="flex flex-col gap-6">
        <div className="flex flex-col gap-1 rounded-xl border border-accent-100 bg-accent-50 p-4 sm:p-6">
          <h2 className="text-lg font-semibold text-accent-900">Welcome, {firstName}</h2>
          <p className="text-sm text-accent-900">
            This is the dashboard of <span className="font-semibold">{session.restaurant.name}</span>.
          </p>
        </div>

        <section aria-labelledby="today-heading" className="flex flex-col gap-3">
          <h2 id="today-heading" className="text-base font-semibold text-ink">
            Today
          </h2>
          <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-5">
            <StatCard label="Today's revenue" value={formatMoney(0, currency)} />
            <StatCard label="Orders" value="0" />
            <StatCard label="Average order" value={formatMoney(0, currency)} />
            <StatCard label="Active orders" value="0" />
            <StatCard label="Rating" value="—" hint="No reviews yet" />
          </div>
        </section>

        {steps.length > 0 ? (
          <Card className="flex flex-col gap-3">
            <h2 className="text-base font-semibold text-ink">Get ready for your first orders</h2>
            <ol className="flex list-decimal flex-col gap-1 pl-5 text-sm text-ink-muted">
              {steps.map((step) => (
                <li key={step.to}>
                  <Link
                    to={step.to}
                    className="inline-flex min-h-11 items-center font-medium text-accent-700 underline-offset-4 hover:underline"
                  >
                    {step.label}
                  </Link>
                </li>
              ))}
            </ol>
          </Card>
        ) : null}

        <EmptyState
          icon={<SparkIcon />}
          title="Charts arrive with your first orders"
          description="Revenue by month, orders by status and your best-selling dishes will show here."
        />
      </div>
    </>
  );
}
