import type { Db } from '../db/client';

export type DomainEvent = {
  type: 'menu.updated' | 'order.created' | 'order.updated';
  restaurantId: string;
  data: Record<string, unknown>;
};

/**
 * Records a change for the live layer. It takes the transaction of the change itself, so an
 * event exists exactly when its change committed. Until live orders land this does nothing.
 */
export type EventPublisher = { publish: (db: Db, event: DomainEvent) => Promise<void> };

export const noopEventPublisher: EventPublisher = { publish: async () => {} };
