/*
 * Every spec shares one server and its database with the others, so what a test makes
 * carries a name no other test uses.
 */

/** Keeps this run apart from an earlier one when E2E_DATA_DIR reuses its database. */
export const RUN = Date.now().toString(36);

let counter = 0;
/** The run and a counter: unique within the worker. */
export const serial = () => `${RUN}${(counter++).toString(36)}`;

export const unique = (label: string) => `${label} ${serial()}`;
