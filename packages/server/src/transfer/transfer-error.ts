// The one error of import and export: a status, a message and per-file problems, answered in Superset's shape.
import { NezhaError } from '../errors/nezha-error.js';

/** Problems keyed by the bundle file they concern (`databases/examples.yaml`), as Superset's import errors are. */
export type FileProblems = Record<string, unknown>;

export class TransferError extends NezhaError {
  constructor(
    status: number,
    message: string,
    readonly problems: FileProblems,
  ) {
    super({ type: 'GENERIC_COMMAND_ERROR', status, level: 'warning', message, extra: { ...problems } });
  }
}
