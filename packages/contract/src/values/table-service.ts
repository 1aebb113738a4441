// Table service's limits, without zod: table-service.ts builds its schemas on them and pages read them
// here. Not in client/table-service.ts, which imports table-service.ts for its types: table-service.ts
// would import it back.

export const SERVICE_REQUEST_MESSAGE_MAX = 200;

export const BILL_SPLIT_MAX_PARTS = 20;

/** A tip may not exceed the amount it is added to times this. */
export const TIP_MAX_MULTIPLE = 1;
