/*
 * Root query keys of the tables and the staff, shared with the Overview's setup checklist: every
 * write under these roots (a new table, an invited member) also refreshes the checklist's ticks.
 */

/** Every write to a table invalidates this key (the list, and the print sheet built from it). */
export const tablesQueryKey = (restaurantId: string) => ['tables', restaurantId] as const;

/** Every write to a staff member invalidates this key (lists and single members alike). */
export const staffQueryKey = (restaurantId: string) => ['staff', restaurantId] as const;
