import type { Db } from '../../db/client';
import { findMenuSnapshot, type MenuSnapshot } from './orders.repository';

declare module '../../core/context' {
  interface AppServices {
    /** What order intake prices from. */
    menuSnapshots: MenuSnapshots;
  }
}

/**
 * The dishes order intake prices from, kept in process per restaurant and menu version. Nothing
 * needs to empty it: an order is placed only if the restaurant's menu is still at the version it
 * was priced at (see `placeOrdersAtVersions`), and a snapshot of any other version is read again. Beyond `maxRestaurants`
 * the restaurant least recently ordered from goes.
 */
export function createMenuSnapshots(maxRestaurants = 1_000) {
  const snapshots = new Map<string, { version: number } & MenuSnapshot>();

  return {
    /** The restaurant's menu at `version` if they are held already (no query); else undefined. */
    heldAt(restaurantId: string, version: number): MenuSnapshot | undefined {
      const held = snapshots.get(restaurantId);
      return held?.version === version ? held : undefined;
    },
    /** The restaurant's menu at `version`; undefined when the restaurant is gone. */
    async itemsAt(db: Db, restaurantId: string, version: number): Promise<MenuSnapshot | undefined> {
      const held = snapshots.get(restaurantId);
      snapshots.delete(restaurantId);
      if (held?.version === version) {
        snapshots.set(restaurantId, held);
        return held;
      }
      const loaded = await findMenuSnapshot(db, restaurantId);
      if (!loaded) return undefined;
      if (loaded.version === version) {
        if (snapshots.size >= maxRestaurants) snapshots.delete(snapshots.keys().next().value!);
        snapshots.set(restaurantId, loaded);
      }
      return loaded;
    },
  };
}

export type MenuSnapshots = ReturnType<typeof createMenuSnapshots>;
