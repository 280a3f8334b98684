// PRODUCT.md, the merchant API's books: a dispute "`needs_response` (answer by `evidenceDueBy`)";
// `evidenceDueBy` is "the last moment to send evidence", as the card processor set it.

/** Whether evidence sent at `at` is in time: up to the processor's deadline itself; a dispute it gave none takes evidence while open. */
export const evidenceInTime = (dueBy: Date | null, at: Date): boolean => dueBy === null || at.getTime() <= dueBy.getTime();
