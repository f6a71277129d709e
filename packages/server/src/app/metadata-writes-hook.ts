// After a request that wrote metadata (its transaction committed), move the generation on once more and wait until
// every process sharing the store has heard it, before the client learns the write is done.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from './context.js';

declare module 'fastify' {
  interface FastifyRequest {
    metadataWritesAtStart: number;
    /** The generation when the request came, before its user was read: what it computes is kept under it. */
    metadataGenerationAtStart: number;
  }
}

export function registerMetadataWritesHook(app: FastifyInstance, ctx: AppContext): void {
  const { generation } = ctx.store;
  app.decorateRequest('metadataWritesAtStart', 0);
  app.decorateRequest('metadataGenerationAtStart', 0);
  app.addHook('onRequest', async (request) => {
    request.metadataWritesAtStart = generation.writes;
    request.metadataGenerationAtStart = generation.current();
  });
  app.addHook('onSend', async (request) => {
    // Writes by concurrent requests count too: one more move is harmless, a missed one is not.
    if (generation.writes !== request.metadataWritesAtStart) await generation.settle();
  });
}
