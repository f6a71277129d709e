// The route table of a freshly built app, read when the security suites collect their tests.
import type { RegisteredRoute } from '../../src/app/build-app.js';
import { startTestApp } from '../support/test-app.js';

/** Every registered route with its declared access, so each route gets tests of its own by name. */
export async function registeredRoutes(): Promise<readonly RegisteredRoute[]> {
  const t = await startTestApp();
  try {
    await t.app.ready();
    return [...t.app.routeTable];
  } finally {
    await t.close();
  }
}
