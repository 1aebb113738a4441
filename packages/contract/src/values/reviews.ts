// The reviews' limits, without zod: reviews.ts builds its schemas on them and pages read them here. Not in
// client/reviews.ts, which imports reviews.ts for its types: reviews.ts would import it back.

export const REVIEW_COMMENT_MAX = 1000;

export const REVIEW_GUEST_NAME_MAX = 80;

export const REVIEW_RATINGS = [1, 2, 3, 4, 5] as const;
