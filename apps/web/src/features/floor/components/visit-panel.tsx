import type { TFloorTable } from '@tavolo/contract/floor';
import { MAX_COVERS } from '@tavolo/contract/values/floor';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { UsersIcon } from '../../../components/ui/icons';
import { QuantityStepper } from '../../../components/ui/quantity-stepper';
import { SelectField } from '../../../components/ui/select-field';
import { useToast } from '../../../components/ui/toast';
import { getErrorMessage } from '../../../lib/api-client';
import { useCurrentSession } from '../../../lib/current-session';
import { formatTimeOfDay } from '../../../lib/format';
import { t } from '../../../lib/i18n/i18n';
import { useFloor } from '../api/get-floor';
import { useActiveStaff } from '../api/get-waiters';
import { useOpenTable, useUpdateVisit } from '../api/open-table';

/** Whom a table can be handed to: every active colleague, with the floor's waiters and oneself while the list loads. */
function useWaiterOptions(current: TFloorTable['waiter']) {
  const session = useCurrentSession();
  const staff = useActiveStaff();
  const floor = useFloor();
  const people = new Map<string, string>();
  if (session.staffId) people.set(session.staffId, session.name);
  if (current) people.set(current.id, current.name);
  for (const table of floor.data?.tables ?? [])
    if (table.waiter) people.set(table.waiter.id, table.waiter.name);
  for (const member of staff.data ?? []) people.set(member.id, member.name);
  return [
    { value: '', label: t('floor.visit.noWaiter') },
    ...[...people.entries()]
      .sort(([, a], [, b]) => a.localeCompare(b))
      .map(([id, name]) => ({
        value: id,
        label: id === session.staffId ? t('floor.visit.me', { name }) : name,
      })),
  ];
}

/**
 * The visit at the top of a table's screen: a free table is seated here (covers and waiter); an
 * open one says who and how many, and those who take orders change either (hand the table over).
 */
export function VisitPanel({ table, canEdit }: { table: TFloorTable; canEdit: boolean }) {
  const session = useCurrentSession();
  const toast = useToast();
  const open = useOpenTable();
  const update = useUpdateVisit();
  const free = table.state === 'free';
  const [editing, setEditing] = useState(false);
  const [covers, setCovers] = useState(table.covers ?? Math.min(table.seats ?? 2, MAX_COVERS));
  const [waiterId, setWaiterId] = useState(free ? (session.staffId ?? '') : (table.waiter?.id ?? ''));
  const waiters = useWaiterOptions(table.waiter);
  const pending = open.isPending || update.isPending;

  const startEditing = () => {
    setCovers(table.covers ?? Math.min(table.seats ?? 2, MAX_COVERS));
    setWaiterId(table.waiter?.id ?? '');
    setEditing(true);
  };

  const save = () => {
    const waiter = waiterId === '' ? null : waiterId;
    if (free) {
      open.mutate(
        { tableId: table.id, body: { covers, waiterId: waiter } },
        {
          onSuccess: (opened) => toast.success(t('floor.visit.opened', { table: opened.number, covers })),
          onError: (error) => toast.error(t('floor.visit.openFailed', { error: getErrorMessage(error) })),
        },
      );
      return;
    }
    const body = {
      ...(covers !== table.covers ? { covers } : {}),
      ...(waiter !== (table.waiter?.id ?? null) ? { waiterId: waiter } : {}),
    };
    if (Object.keys(body).length === 0) {
      setEditing(false);
      return;
    }
    update.mutate(
      { tableId: table.id, body },
      {
        onSuccess: (saved) => {
          setEditing(false);
          toast.success(
            'waiterId' in body
              ? t('floor.visit.handedOver', {
                  table: saved.number,
                  name: saved.waiter?.name ?? t('floor.visit.noWaiter'),
                })
              : t('floor.visit.saved', { table: saved.number }),
          );
        },
        onError: (error) => toast.error(t('floor.visit.saveFailed', { error: getErrorMessage(error) })),
      },
    );
  };

  if (!free && !editing) {
    return (
      <div
        className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-ink"
        data-testid="visit-summary"
      >
        <span className="inline-flex items-center gap-1.5">
          <UsersIcon className="size-4 text-ink-muted" />
          {table.covers === null
            ? t('floor.tile.coversUnknown')
            : t('floor.tile.covers', { covers: table.covers })}
        </span>
        <span>
          {table.waiter ? t('floor.visit.servedBy', { name: table.waiter.name }) : t('floor.visit.noWaiter')}
        </span>
        {table.openedAt ? (
          <span className="text-ink-muted">
            {t('floor.visit.since', { time: formatTimeOfDay(table.openedAt, session.restaurant.timezone) })}
          </span>
        ) : null}
        {canEdit ? (
          <Button variant="secondary" className="ml-auto" onClick={startEditing} data-testid="edit-visit">
            {t('floor.visit.edit')}
          </Button>
        ) : null}
      </div>
    );
  }
  if (!canEdit) return <p className="text-sm text-ink-muted">{t('floor.visit.free')}</p>;

  return (
    <form
      noValidate
      data-testid="visit-form"
      className="flex flex-col gap-4 rounded-xl border border-line bg-panel p-4 sm:flex-row sm:items-end"
      onSubmit={(event) => {
        event.preventDefault();
        save();
      }}
    >
      <div className="flex flex-col gap-1">
        <span className="text-sm font-medium text-ink">{t('floor.visit.covers')}</span>
        <QuantityStepper
          value={covers}
          onChange={setCovers}
          max={MAX_COVERS}
          label={t('floor.visit.covers')}
        />
      </div>
      <SelectField
        label={t('floor.visit.waiter')}
        options={waiters}
        value={waiterId}
        onChange={(event) => setWaiterId(event.target.value)}
        className="sm:min-w-56 sm:flex-1"
      />
      <div className="flex gap-2">
        {!free ? (
          <Button variant="secondary" onClick={() => setEditing(false)} disabled={pending}>
            {t('floor.cancel')}
          </Button>
        ) : null}
        <Button
          type="submit"
          className="flex-1"
          pending={pending}
          data-testid={free ? 'open-table' : 'save-visit'}
        >
          {free ? t('floor.visit.open') : t('floor.visit.save')}
        </Button>
      </div>
    </form>
  );
}
