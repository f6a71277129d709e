// One realistic request per registered route, aimed at the owner's objects; a route missing here fails the matrix.
import type { InjectOptions } from 'fastify';
import type { Visibility } from './expectations.js';
import type { World } from './world.js';

export interface Prepared {
  url: string;
  payload?: InjectOptions['payload'];
  headers?: Record<string, string>;
  /**
   * An object of the owner's the call changes or removes: read before and after (as admin, or as the owner for
   * private objects); a caller that may not change it must leave this answer as it was.
   */
  guard?: { url: string; as: 'admin' | 'owner' };
}

export interface Filler {
  visibility: Visibility;
  /** Builds the request; destructive calls make a fresh copy of the object first. */
  prepare(w: World): Promise<Prepared>;
  /** What an admin gets for this request when it is not a 2xx (the request is right, the answer is a refusal). */
  adminStatus?: number;
  /** The call revokes every bearer token of its caller (a logout): the caller signs in again after it. */
  revokesCallerTokens?: true;
}

import { ADMIN_FILLERS } from './route-fillers-admin.js';
import { ANNOTATION_FILLERS } from './route-fillers-annotations.js';
import { ASSISTANT_FILLERS } from './route-fillers-assistant.js';
import { CHART_FILLERS } from './route-fillers-charts.js';
import { EMBEDDING_FILLERS } from './route-fillers-embedding.js';
import { LEGACY_FILLERS } from './route-fillers-legacy.js';
import { REPORT_FILLERS } from './route-fillers-reports.js';
import { SQLLAB_FILLERS } from './route-fillers-sqllab.js';
import { TAG_FILLERS } from './route-fillers-tags.js';
import { TRANSFER_FILLERS } from './route-fillers-transfer.js';

const OWN_FILLERS: Record<string, Filler> = {
  ...ADMIN_FILLERS,
  ...SQLLAB_FILLERS,
  ...CHART_FILLERS,
  ...LEGACY_FILLERS,
  ...TRANSFER_FILLERS,
  ...ANNOTATION_FILLERS,
  ...REPORT_FILLERS,
  ...EMBEDDING_FILLERS,
  ...TAG_FILLERS,
  ...ASSISTANT_FILLERS,
};

/** Each `/nezha/` route answers on its `/superset/` twin too: the same request, sent to the twin's path. */
function superset(filler: Filler): Filler {
  return {
    ...filler,
    prepare: async (w) => {
      const prepared = await filler.prepare(w);
      return { ...prepared, url: prepared.url.replace(/^\/nezha\//, '/superset/') };
    },
  };
}

const TWIN_FILLERS: Record<string, Filler> = Object.fromEntries(
  Object.entries(OWN_FILLERS)
    .filter(([route]) => route.split(' ')[1]?.startsWith('/nezha/'))
    .map(([route, filler]) => [route.replace(' /nezha/', ' /superset/'), superset(filler)]),
);

/** Every route the matrix and the fuzz suite know how to call, by `METHOD url` as the route table lists it. */
export const FILLERS: Record<string, Filler> = { ...OWN_FILLERS, ...TWIN_FILLERS };
