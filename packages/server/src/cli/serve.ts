// Runs the HTTP server until SIGINT/SIGTERM (after checking Redis when configured), then closes pools, the store and Redis.
import { buildApp } from '../app/build-app.js';
import { checkServices, closeContext, createContext } from '../app/create-context.js';
import type { NezhaConfig } from '../config/config.js';
import { upgradeStore } from '../store/migrate.js';
import { syncBuiltinRoles } from '../store/permissions.js';

export async function startServer(config: NezhaConfig): Promise<void> {
  const ctx = createContext(config);
  try {
    await checkServices(ctx);
  } catch (error) {
    await closeContext(ctx);
    throw error;
  }
  await upgradeStore(ctx.store);
  // A release that changes a built-in role (Alpha losing all_query_access) reaches installs that only run serve.
  await syncBuiltinRoles(ctx.store.db);
  const app = await buildApp(ctx, { logger: process.env.NEZHA_LOG_REQUESTS === '1' });
  await app.listen({ host: config.host, port: config.port });
  console.log(`Nezha is running at http://${config.host}:${config.port}/`);
  await new Promise<void>((resolve) => {
    const stop = () => resolve();
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
  console.log('Shutting down…');
  await app.close();
  await closeContext(ctx);
}
