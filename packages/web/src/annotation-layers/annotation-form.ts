// The annotation dialog's values and their translation to and from the API's fields (naive UTC date-times).

export interface AnnotationFormValues {
  short_descr: string;
  start: string;
  end: string;
  long_descr: string;
  json_metadata: string;
}

/** "YYYY-MM-DDTHH:MM" or with seconds, as a datetime-local input gives it, to the API's seconds form. */
export function toApiDateTime(value: string): string {
  const text = value.trim();
  return /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(text) ? `${text}:00` : text;
}

/** The input's value of a stored date-time (the input shows seconds with step=1). */
export function toInputDateTime(value: string | undefined): string {
  return value ? value.slice(0, 19) : '';
}

/** Superset's rule, checked before sending: the end may equal the start (an event), never precede it. */
export function endBeforeStart(start: string, end: string): boolean {
  if (!start || !end) return false;
  return toApiDateTime(end) < toApiDateTime(start);
}

export function isJsonText(text: string): boolean {
  if (!text.trim()) return true;
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

export function toAnnotationPayload(values: AnnotationFormValues) {
  return {
    short_descr: values.short_descr.trim(),
    long_descr: values.long_descr?.trim() ? values.long_descr : null,
    start_dttm: toApiDateTime(values.start),
    end_dttm: toApiDateTime(values.end),
    json_metadata: values.json_metadata?.trim() ? values.json_metadata : null,
  };
}
