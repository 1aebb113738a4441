// The floor's table states and limits, without zod: floor.ts builds its schemas on them and pages read
// them here.

/**
 * A table on the floor (PRODUCT.md §9): free (no visit), seated (open, no order), ordered (something
 * not yet served), served (everything served, something due), bill (a guest asked for the bill),
 * paying (a checkout is held).
 */
export const TABLE_STATES = ['free', 'seated', 'ordered', 'served', 'bill', 'paying'] as const;

/** Guests at one visit. */
export const MAX_COVERS = 50;
