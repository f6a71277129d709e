// Request fillers of the assistant: each call aims at a fresh conversation of the owner's, titled with the marker;
// nobody else may list, read, change or delete it, admins included.
import type { Route } from './route-filler-kinds.js';
import { fixed, guarded } from './route-filler-kinds.js';
import type { Filler } from './route-fillers.js';
import type { World } from './world.js';
import { MARKER } from './world.js';

const BASE = '/api/v1/assistant/conversations';

async function freshConversation(w: World): Promise<number> {
  const response = await w.owner.session.request({
    method: 'POST',
    url: BASE,
    payload: { title: `talk ${MARKER}`, context: 'sqllab' },
  });
  if (response.statusCode !== 201) throw new Error(`conversation: ${response.body}`);
  return response.json().id as number;
}

export const ASSISTANT_FILLERS: Record<Route, Filler> = {
  'GET /api/v1/assistant/conversations': guarded('own', async (w) => {
    await freshConversation(w);
    return { url: `${BASE}?page_size=100` };
  }),
  'POST /api/v1/assistant/conversations': fixed('nothing', () => ({ url: BASE, payload: { context: 'explore' } })),
  'GET /api/v1/assistant/conversations/:id': guarded(
    'own',
    async (w) => ({ url: `${BASE}/${await freshConversation(w)}` }),
    404,
  ),
  'DELETE /api/v1/assistant/conversations/:id': guarded(
    'own',
    async (w) => {
      const id = await freshConversation(w);
      return { url: `${BASE}/${id}`, guard: { url: `${BASE}/${id}`, as: 'owner' } };
    },
    404,
  ),
  'POST /api/v1/assistant/conversations/:id/messages': guarded(
    'own',
    async (w) => {
      const id = await freshConversation(w);
      return {
        url: `${BASE}/${id}/messages`,
        payload: { text: 'count' },
        guard: { url: `${BASE}/${id}`, as: 'owner' },
      };
    },
    404,
  ),
};
