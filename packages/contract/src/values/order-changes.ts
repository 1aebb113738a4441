// Why staff void or discount, without zod: order-changes.ts builds its schemas on them and pages read
// them here.

/** Why units were voided (PRODUCT.md §9). */
export const VOID_REASONS = ['guest_changed_mind', 'wrong_item', 'quality', 'other'] as const;

/** Why a discount or a comp was given. */
export const DISCOUNT_REASONS = ['complaint', 'regular_guest', 'staff_meal', 'promotion', 'other'] as const;

/** Wrong approval PINs a restaurant may type in PIN_WINDOW_SECONDS before 429. */
export const PIN_ATTEMPTS = 5;
export const PIN_WINDOW_SECONDS = 10 * 60;
