/**
 * How long one unit or component test may run. Rendering a whole react-admin
 * page in jsdom takes 1-2 s alone and over 40 s on two cores shared with the
 * rest of `npm test`.
 */
export const UNIT_TEST_TIMEOUT_MS = 90_000;
