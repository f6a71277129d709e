// Tells a popup's close handler whether the Escape being handled was meant for a list open inside the popup.
import { type RefObject, useEffect, useRef } from 'react';

export interface EscapeOrigin {
  /** A list, picker or menu inside the container was open when Escape was pressed. */
  innerPopupOpen: boolean;
}

/** Lists, pickers and menus open inside the element (antd marks their trigger aria-expanded). */
const hasOpenInnerPopup = (element: HTMLElement | null) => !!element?.querySelector('[aria-expanded="true"]');

/**
 * Set while an Escape keydown is dispatched, null otherwise. antd closes popovers and modals from that same
 * dispatch (window listener), after the inner list has already closed itself, so what was open is read first, in
 * the capture phase, before anyone acts on the key.
 */
export function useEscapeOrigin(
  open: boolean,
  container: RefObject<HTMLElement | null>,
): RefObject<EscapeOrigin | null> {
  const origin = useRef<EscapeOrigin | null>(null);
  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      origin.current = { innerPopupOpen: hasOpenInnerPopup(container.current) };
      setTimeout(() => {
        origin.current = null;
      }, 0);
    };
    window.addEventListener('keydown', onKeyDown, true);
    return () => window.removeEventListener('keydown', onKeyDown, true);
  }, [open, container]);
  return origin;
}
