/** Spec 4 and 9: the carousels' timing. */
export const HERO_INTERVAL_MS = 7000;
export const HERO_LOCK_MS = 500;
export const TESTIMONIAL_INTERVAL_MS = 5000;
export const TESTIMONIAL_HOLD_MS = 10_000;
