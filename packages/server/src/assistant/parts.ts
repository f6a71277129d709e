// What an assistant message is made of, as stored and as streamed: text, SQL, a result grid, a chart, a tool call
// (with its refusal), the offline match, and notices the panel words in the user's language.
import type { ChartPart, ResultPart } from './tools.js';

export type NoticeCode = 'no_model' | 'no_match' | 'budget' | 'stopped';

export type ReplyPart =
  | { type: 'text'; text: string }
  | { type: 'sql'; sql: string; database_id: number; schema: string | null }
  | ResultPart
  | ChartPart
  | { type: 'tool'; name: string; ok: boolean; error?: string }
  | {
      type: 'match';
      dataset: { id: number; name: string };
      metric: string;
      groupby: string[];
      time_range: string | null;
      time_grain: string | null;
      viz_type: string;
      unmatched: string[];
    }
  | { type: 'notice'; code: 'no_model'; admin: boolean }
  | { type: 'notice'; code: 'no_match'; words: string[] }
  | { type: 'notice'; code: 'budget' | 'stopped' }
  | { type: 'error'; message: string };

/** Where a reply goes as it is made: the event stream, and the parts kept for the stored message. */
export interface ReplySink {
  text(delta: string): void;
  part(part: ReplyPart): void;
}
