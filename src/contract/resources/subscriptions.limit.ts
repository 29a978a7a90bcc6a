// The most subscribers one bulk request takes (v2 and V3 alike). A module of its own, importing
// nothing: `subscriptions add` batches by it, and its dry run loads no zod; the schemas import it
// too, which a module of rows (it names the schemas' types) could not give without a cycle.
export const MAX_SUBSCRIPTIONS_PER_REQUEST = 100;
