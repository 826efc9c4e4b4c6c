// A component test waits for the state it needs, never for a clock that
// assumes a fast, idle machine: testing-library's findBy* and waitFor gave
// up after 1 s by default, and `npm test` runs these beside lint, the type
// check, the front-end build and the browser tests on two cores, where one
// react-admin render can take longer than that. They now wait until the
// test's own timeout (vitest.config.ts) is nearly spent, so a failure still
// names what never appeared.
import { UNIT_TEST_TIMEOUT_MS } from './timeouts';

if (typeof document !== 'undefined') {
  const { configure } = await import('@testing-library/dom');
  configure({ asyncUtilTimeout: UNIT_TEST_TIMEOUT_MS - 5000 });
}
