// Zod's default messages in marshmallow's wording, so 400 answers read as Superset's ("Not a valid integer.",
// "Missing data for required field.", "Must be one of: …"). A message a schema sets itself still wins.
import { z } from 'zod';
import type { $ZodRawIssue } from 'zod/v4/core';

type Issue = $ZodRawIssue;

const EXPECTED: Record<string, string> = {
  string: 'Not a valid string.',
  number: 'Not a valid number.',
  int: 'Not a valid integer.',
  boolean: 'Not a valid boolean.',
  array: 'Not a valid list.',
  tuple: 'Not a valid list.',
  object: 'Not a valid mapping type.',
  record: 'Not a valid mapping type.',
  date: 'Not a valid datetime.',
};

function lengthMessage(issue: Issue): string | undefined {
  if (issue.origin !== 'string' && issue.origin !== 'array') return undefined;
  if (issue.code === 'too_big') return `Longer than maximum length ${String(issue.maximum)}.`;
  if (issue.code === 'too_small') return `Shorter than minimum length ${String(issue.minimum)}.`;
  return undefined;
}

function marshmallowMessage(issue: Issue): string | undefined {
  if (issue.code === 'invalid_type' || issue.code === 'invalid_value') {
    if (issue.input === undefined) return 'Missing data for required field.';
    if (issue.input === null) return 'Field may not be null.';
  }
  if (issue.code === 'invalid_type') return EXPECTED[String(issue.expected)];
  if (issue.code === 'invalid_value' && Array.isArray(issue.values)) {
    return `Must be one of: ${issue.values.map(String).join(', ')}.`;
  }
  if (issue.code === 'too_big' || issue.code === 'too_small') return lengthMessage(issue);
  return undefined;
}

/** Installed once, for every schema of the process (the server's and core's alike). */
export function useMarshmallowMessages(): void {
  z.config({ customError: marshmallowMessage });
}
