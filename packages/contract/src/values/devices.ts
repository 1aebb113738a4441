// Shared devices' limits, without zod: devices.ts builds its schemas on them and pages read them here.

/** Minutes without a tap or a key before a shared device locks to its name picker (PRODUCT.md §9). */
export const DEVICE_LOCK_MINUTES_DEFAULT = 5;
export const DEVICE_LOCK_MINUTES_MIN = 1;
/** A kitchen tablet may stay open through a long service; half a day at most. */
export const DEVICE_LOCK_MINUTES_MAX = 720;

/** Wrong PINs one person may be tried with on shared devices in DEVICE_PIN_WINDOW_SECONDS before 429. */
export const DEVICE_PIN_ATTEMPTS_PER_PERSON = 5;
/** Wrong PINs one device may type, for anyone, in the window: guessing through the list of names. */
export const DEVICE_PIN_ATTEMPTS_PER_DEVICE = 20;
export const DEVICE_PIN_WINDOW_SECONDS = 15 * 60;
