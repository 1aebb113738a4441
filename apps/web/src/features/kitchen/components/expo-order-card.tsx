import type { TOrder } from '@tavolo/contract/orders';
import { memo } from 'react';
import { CheckIcon } from '../../../components/ui/icons';
import { cn } from '../../../lib/cn';
import { courseName, fireCourseLabel } from '../../../lib/courses';
import { t } from '../../../lib/i18n/i18n';
import { elapsedMinutes } from '../../../lib/use-now';
import { courseStates, type StationProgress } from '../model/expo';
import { urgencyOf } from '../model/tickets';
import { AgeBadge, agedCardClassName } from './age-badge';

const ACTION =
  'inline-flex min-h-12 items-center justify-center gap-2 rounded-lg px-4 text-lg font-bold focus-visible:outline-4 focus-visible:outline-sky-300 disabled:cursor-wait disabled:opacity-60';

/** One order at the pass: how far each station is, its courses (fire the held ones), and out it goes. */
export const ExpoOrderCard = memo(function ExpoOrderCard({
  order,
  progress,
  stationName,
  now,
  canManage,
  busy,
  onFire,
  onServed,
}: {
  order: TOrder;
  progress: readonly StationProgress[];
  stationName: (stationId: string) => string;
  now: number;
  canManage: boolean;
  /** A fire or a serve of this order is on its way. */
  busy: boolean;
  onFire: (order: TOrder, course: number) => void;
  onServed: (order: TOrder) => void;
}) {
  const minutes = elapsedMinutes(order.createdAt, now);
  const urgency = urgencyOf(minutes);
  const courses = courseStates(order);
  const nextHeld = courses.find((course) => course.held)?.course;
  return (
    <li
      data-testid="expo-order"
      data-order-number={order.number}
      data-urgency={urgency}
      className={agedCardClassName(urgency)}
    >
      <div className="flex flex-col gap-1">
        <h2 className="text-4xl leading-none font-black tracking-tight whitespace-nowrap">
          {t('kitchen.ticket.table', { table: order.tableNumber })}
        </h2>
        <div className="flex flex-wrap items-center justify-between gap-x-2 gap-y-1">
          <p className="text-xl font-semibold text-slate-200">#{order.number}</p>
          <AgeBadge since={order.createdAt} minutes={minutes} urgency={urgency} />
        </div>
      </div>

      {progress.length > 0 ? (
        <ul className="flex flex-col gap-2" aria-label={t('kitchen.expo.stations')}>
          {progress.map((station) => {
            const name = stationName(station.stationId);
            const done = station.ready === station.total;
            return (
              <li key={station.stationId} data-testid="expo-station" className="flex flex-col gap-1">
                <p className="flex items-center justify-between gap-2 text-xl">
                  <span className="font-semibold">{name}</span>
                  <span className={cn('font-bold tabular-nums', done ? 'text-green-300' : 'text-slate-200')}>
                    {t('kitchen.expo.stationProgress', { ready: station.ready, total: station.total })}
                  </span>
                </p>
                <div
                  role="progressbar"
                  aria-label={name}
                  aria-valuemin={0}
                  aria-valuemax={station.total}
                  aria-valuenow={station.ready}
                  aria-valuetext={t('kitchen.expo.stationProgressText', {
                    station: name,
                    ready: station.ready,
                    total: station.total,
                  })}
                  className="h-3 overflow-hidden rounded-full bg-slate-700"
                >
                  <div
                    className={cn('h-full rounded-full', done ? 'bg-green-400' : 'bg-sky-400')}
                    style={{ width: `${station.total === 0 ? 0 : (station.ready / station.total) * 100}%` }}
                  />
                </div>
                {station.waiting.length > 0 ? (
                  <ul
                    data-testid="expo-waiting"
                    aria-label={t('kitchen.expo.waitingFor', { station: name })}
                    className="flex flex-col gap-0.5 text-lg text-slate-100"
                  >
                    {station.waiting.map((line) => (
                      <li key={line.lineIndex} className="flex items-baseline gap-2">
                        <span className="font-black tabular-nums">{line.quantity}×</span>
                        <span className="min-w-0 flex-1 break-words">
                          <span className="font-semibold">{line.name}</span>
                          {line.choices ? <span className="text-slate-300"> · {line.choices}</span> : null}
                        </span>
                        {line.started ? (
                          <span className="rounded bg-sky-300 px-1.5 text-sm font-bold text-slate-950 uppercase">
                            {t('kitchen.status.preparing')}
                          </span>
                        ) : null}
                      </li>
                    ))}
                  </ul>
                ) : null}
              </li>
            );
          })}
        </ul>
      ) : null}

      {courses.length > 0 ? (
        <ul className="flex flex-wrap gap-2" aria-label={t('kitchen.expo.courses')}>
          {courses.map((course) => (
            <li
              key={course.course}
              data-testid="expo-course"
              className={cn(
                'rounded-lg px-3 py-1 text-lg font-semibold',
                course.held
                  ? 'border-2 border-dashed border-slate-500 text-slate-300'
                  : course.ready === course.total
                    ? 'bg-green-900 text-green-100'
                    : 'bg-slate-700 text-slate-100',
              )}
            >
              {course.held
                ? t('kitchen.expo.courseHeld', { course: courseName(course.course) })
                : t('kitchen.expo.courseProgress', {
                    course: courseName(course.course),
                    ready: course.ready,
                    total: course.total,
                  })}
            </li>
          ))}
        </ul>
      ) : null}

      {canManage && (nextHeld !== undefined || order.status === 'ready') ? (
        <div className="mt-auto flex flex-col gap-2">
          {nextHeld !== undefined ? (
            <button
              type="button"
              disabled={busy}
              onClick={() => onFire(order, nextHeld)}
              aria-label={t('kitchen.expo.fireLabel', {
                action: fireCourseLabel(nextHeld),
                table: order.tableNumber,
                number: order.number,
              })}
              className={cn(ACTION, 'bg-amber-300 text-slate-950 hover:bg-amber-200')}
            >
              {fireCourseLabel(nextHeld)}
            </button>
          ) : null}
          {order.status === 'ready' ? (
            <button
              type="button"
              disabled={busy}
              onClick={() => onServed(order)}
              aria-label={t('kitchen.expo.servedLabel', { table: order.tableNumber, number: order.number })}
              className={cn(ACTION, 'bg-teal-300 text-slate-950 hover:bg-teal-200')}
            >
              <CheckIcon className="size-5" />
              {t('kitchen.expo.served')}
            </button>
          ) : null}
        </div>
      ) : null}
    </li>
  );
});
