// Copies text with the Clipboard API, falling back to a hidden textarea where the API is missing or refused.
import { i18nKey } from '../../i18n/i18n';

export const COPY_SUCCESS_MESSAGE = i18nKey('Copied to clipboard!');
export const COPY_FAILURE_MESSAGE = i18nKey('Sorry, your browser does not support copying. Use Ctrl / Cmd + C!');

function copyWithTextarea(text: string): boolean {
  const textarea = document.createElement('textarea');
  textarea.value = text;
  textarea.setAttribute('readonly', '');
  textarea.style.position = 'fixed';
  textarea.style.opacity = '0';
  document.body.appendChild(textarea);
  const selection = document.getSelection();
  const previous = selection && selection.rangeCount > 0 ? selection.getRangeAt(0) : null;
  textarea.select();
  let copied = false;
  try {
    copied = document.execCommand('copy');
  } catch {
    copied = false;
  }
  document.body.removeChild(textarea);
  if (previous && selection) {
    selection.removeAllRanges();
    selection.addRange(previous);
  }
  return copied;
}

export async function copyTextToClipboard(text: string): Promise<boolean> {
  try {
    if (typeof navigator !== 'undefined' && navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Refused (no focus, no permission): the textarea way may still work.
  }
  return typeof document !== 'undefined' && copyWithTextarea(text);
}
