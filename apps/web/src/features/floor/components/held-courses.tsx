import type { TOrder } from '@tavolo/contract/orders';
import { Button } from '../../../components/ui/button';
import { useToast } from '../../../components/ui/toast';
import { getErrorMessage } from '../../../lib/api-client';
import { courseName, fireCourseLabel } from '../../../lib/courses';
import { t } from '../../../lib/i18n/i18n';
import { useFireCourse } from '../api/fire-course';
import { heldCourses } from '../model/visit-lines';

/**
 * The courses the visit's orders hold back, each with its button to fire it ("Fire mains"): the
 * next one first and strongest. With several orders holding courses, each button names its order.
 */
export function HeldCourses({ orders }: { orders: readonly TOrder[] }) {
  const toast = useToast();
  const fire = useFireCourse();
  const holding = orders
    .map((order) => ({ order, courses: heldCourses(order) }))
    .filter((entry) => entry.courses.length > 0);
  if (holding.length === 0) return null;
  const several = holding.length > 1;

  const fireOne = (order: TOrder, course: number) =>
    fire.mutate(
      { orderId: order.id, course },
      {
        onSuccess: () =>
          toast.success(t('floor.fire.done', { course: courseName(course), number: order.number })),
        onError: (error) =>
          toast.error(
            t('floor.fire.failed', {
              course: courseName(course),
              number: order.number,
              error: getErrorMessage(error),
            }),
          ),
      },
    );

  return (
    <section
      aria-labelledby="held-courses-heading"
      data-testid="held-courses"
      className="flex flex-col gap-2 rounded-xl border border-amber-300 bg-amber-50 p-3"
    >
      <div className="flex flex-col">
        <h3 id="held-courses-heading" className="text-sm font-semibold text-amber-900">
          {t('floor.held.title')}
        </h3>
        <p className="text-sm text-amber-900">{t('floor.held.hint')}</p>
      </div>
      <ul className="flex flex-col gap-2">
        {holding.map(({ order, courses }) => (
          <li key={order.id} className="flex flex-wrap items-center gap-2" data-testid="held-order">
            {several ? (
              <span className="text-sm font-medium text-ink">
                {t('floor.order.number', { number: order.number })}
              </span>
            ) : null}
            {courses.map((course, index) => {
              const firing =
                fire.isPending && fire.variables?.orderId === order.id && fire.variables.course === course;
              return (
                <Button
                  key={course}
                  variant={index === 0 ? 'primary' : 'secondary'}
                  onClick={() => fireOne(order, course)}
                  pending={firing}
                  pendingLabel={t('floor.fire.pending')}
                  disabled={fire.isPending}
                  aria-label={
                    several
                      ? t('floor.fire.forOrder', { action: fireCourseLabel(course), number: order.number })
                      : undefined
                  }
                  data-testid="fire-course"
                >
                  {fireCourseLabel(course)}
                </Button>
              );
            })}
          </li>
        ))}
      </ul>
    </section>
  );
}
