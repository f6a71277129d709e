// Runs the HTTP server until SIGINT/SIGTERM (after checking Redis when configured), then closes pools, the store and Redis.
import { buildApp } from '../app/build-app.js';
import { checkServices, closeContext, createContext } from '../app/create-context.js';
import type { NezhaConfig } from '../config/config.js';
import { upgradeStore } from '../store/migrate.js';

export async function startServer(config: NezhaConfig): Promise<void> {
  const ctx = createContext(config);
  try {
    await checkServices(ctx);
  } catch (error) {
    await closeContext(ctx);
    throw error;
  }
  await upgradeStore(ctx.store);
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
