// POST /api/v1/dashboard/{id}/chart_data: the data requests of many charts in one call, each answered as one NDJSON
// line the moment it finishes, so a 50-chart dashboard is neither serialised by the browser's six connections
// nor held back by its slowest chart. Each runs through the chart data service, whose statements take turns under
// the per-database cap after the cache and the sharing of identical runs; a chart asked before by the same caller is
// answered from the kept bytes of POST /api/v1/chart/data.
import { PassThrough, type Readable } from 'node:stream';
import type { NezhaErrorPayload } from '@nezha/core';
import type { AppContext } from '../app/context.js';
import type { ChartDataCall } from '../chart-data/chart-data-request.js';
import { chartDataBody } from '../chart-data/chart-data-schema.js';
import { chartData } from '../chart-data/chart-data-service.js';
import { chartCallKey, encodeResponse, responseCacheOf } from '../chart-data/response-cache.js';
import { errorAnswerOf } from '../errors/error-payload.js';
import { parseWith, ValidationError } from '../errors/validation-error.js';
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
  /** The metadata generation when the request came: an answer is kept only if nothing moved since. */
  generationAtStart: number;
  /** Told about failures that are the server's fault (500s), which the line only reports vaguely. */
  onUnexpected?: (error: unknown) => void;
}

function errorLine(key: string, error: unknown, options: BatchOptions): BatchLine {
  return { key, ...errorAnswerOf(error, options.onUnexpected) };
}

/** A kept answer (`{"result":…}`) as this batch's line, its bytes spliced rather than parsed and written again. */
function keptLine(key: string, plain: Buffer): Buffer {
  return Buffer.concat([Buffer.from(`{"key":${JSON.stringify(key)},"status":200,`), plain.subarray(1), NEWLINE]);
}

const NEWLINE = Buffer.from('\n');

/**
 * One chart's line, from the kept answers when the same caller asked the same before (on a dashboard or in explore:
 * the key is the one POST /api/v1/chart/data uses). `keep` runs after the line is written.
 */
async function runOne(
  ctx: AppContext,
  user: AuthUser,
  dashboardId: number,
  query: BatchQuery,
  options: BatchOptions,
): Promise<{ line: Buffer | string; keep?: () => Promise<void> }> {
  const request = parseWith(chartDataBody, query.payload);
  const call: ChartDataCall = {
    request,
    force: options.force,
    sliceId: typeof request.form_data?.slice_id === 'number' ? request.form_data.slice_id : undefined,
    dashboardId,
    signal: options.signal,
  };
  const responses = responseCacheOf(ctx.store.generation);
  const key = request.result_format === 'json' && !call.force && !request.force ? chartCallKey(user, call) : null;
  const kept = key ? await responses.get(key) : undefined;
  if (kept) return { line: keptLine(query.key, kept.plain) };
  const answer = await chartData(ctx, user, call);
  if (answer.kind !== 'json') {
    throw new ValidationError({ result_format: ['Only JSON results can be streamed; ask /api/v1/chart/data.'] });
  }
  const line: BatchLine = { key: query.key, status: 200, result: answer.body.result };
  const { reusableUntil } = answer;
  if (!key || reusableUntil === undefined) return { line: `${JSON.stringify(line)}\n` };
  const text = JSON.stringify(answer.body);
  return {
    line: keptLine(query.key, Buffer.from(text, 'utf8')),
    keep: async () => responses.set(key, await encodeResponse(text), options.generationAtStart, reusableUntil),
  };
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
  const write = (line: Buffer | string) => {
    if (!stream.destroyed) stream.write(line);
  };
  const runs = queries.map(async (query) => {
    let keep: (() => Promise<void>) | undefined;
    try {
      const answered = await runOne(ctx, user, dashboardId, query, options);
      write(answered.line);
      keep = answered.keep;
    } catch (error) {
      write(`${JSON.stringify(errorLine(query.key, error, options))}\n`);
    }
    // Kept before the stream ends, so the next load of the dashboard finds it; a failure only loses the shortcut.
    await keep?.().catch((error: unknown) => options.onUnexpected?.(error));
  });
  void Promise.all(runs).finally(() => stream.end());
  return stream;
}
