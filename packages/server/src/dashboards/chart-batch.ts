// POST /api/v1/dashboard/{id}/chart_data: the data requests of many charts in one call, each answered as one NDJSON
// line the moment it finishes, so a 50-chart dashboard is neither serialised by the browser's six connections
// nor held back by its slowest chart. Each runs through the chart data service, whose statements take turns under
// the per-database cap after the cache and the sharing of identical runs.
import { PassThrough, type Readable } from 'node:stream';
import type { NezhaErrorPayload } from '@nezha/core';
import { chartDataBody } from '../api/chart-data/schemas.js';
import { parseWith, ValidationError } from '../api/validation.js';
import type { AppContext } from '../app/context.js';
import { chartData } from '../charts/chart-data-service.js';
import { errorAnswerOf } from '../errors/error-payload.js';
import type { AuthUser } from '../security/current-user.js';
import { visibleDashboard } from './access.js';

export interface BatchQuery {
  key: string;
  /** A body of POST /api/v1/chart/data; checked here so that one bad payload fails only its own line. */
  payload: unknown;
}

/** One NDJSON line: `status` is the HTTP status the single chart data call would have answered. */
export interface BatchLine {
  key: string;
  status: number;
  result?: unknown[];
  errors?: NezhaErrorPayload[];
  message?: string;
}

export interface BatchOptions {
  force: boolean;
  /** Fires when the client goes away: waiting charts give up their turn and running ones stop. */
  signal: AbortSignal;
  /** Told about failures that are the server's fault (500s), which the line only reports vaguely. */
  onUnexpected?: (error: unknown) => void;
}

function errorLine(key: string, error: unknown, options: BatchOptions): BatchLine {
  return { key, ...errorAnswerOf(error, options.onUnexpected) };
}

async function runOne(ctx: AppContext, user: AuthUser, dashboardId: number, query: BatchQuery, options: BatchOptions) {
  const request = parseWith(chartDataBody, query.payload);
  const answer = await chartData(ctx, user, {
    request,
    force: options.force,
    sliceId: typeof request.form_data?.slice_id === 'number' ? request.form_data.slice_id : undefined,
    dashboardId,
    signal: options.signal,
  });
  if (answer.kind !== 'json') {
    throw new ValidationError({ result_format: ['Only JSON results can be streamed; ask /api/v1/chart/data.'] });
  }
  return { key: query.key, status: 200, result: answer.body.result };
}

/** The dashboard must be visible before any line is written, so that a refusal is an ordinary 404 answer. */
export async function batchDashboardId(ctx: AppContext, user: AuthUser, idOrSlug: string): Promise<number> {
  return (await visibleDashboard(ctx, user, idOrSlug)).dashboard.id;
}

/**
 * Starts every chart at once (the per-database cap and the chart cache's sharing of identical runs do the pacing) and
 * returns the NDJSON stream, ended after the last line.
 */
export function chartDataStream(
  ctx: AppContext,
  user: AuthUser,
  dashboardId: number,
  queries: readonly BatchQuery[],
  options: BatchOptions,
): Readable {
  const stream = new PassThrough();
  const write = (line: BatchLine) => {
    if (!stream.destroyed) stream.write(`${JSON.stringify(line)}\n`);
  };
  const runs = queries.map(async (query) => {
    try {
      write(await runOne(ctx, user, dashboardId, query, options));
    } catch (error) {
      write(errorLine(query.key, error, options));
    }
  });
  void Promise.all(runs).finally(() => stream.end());
  return stream;
}
