// The shared dialog's size rules (spec: default width 600 px, responsive maximum 900 px), apart from React.

export const MODAL_DEFAULT_WIDTH = 600;
export const MODAL_RESPONSIVE_MAX_WIDTH = 900;

export interface ModalSizeInput {
  width?: string | number | undefined;
  /** Grow with the window up to maxWidth (Superset's responsive modal). */
  responsive?: boolean | undefined;
  maxWidth?: string | number | undefined;
}

export interface ModalSize {
  width: string | number;
  maxWidth: string | number | undefined;
}

/** A dialog's width: the one asked for; else responsive (the window's width, capped); else 600 px. */
export function modalSize({ width, responsive, maxWidth }: ModalSizeInput): ModalSize {
  if (responsive) return { width: width ?? '100vw', maxWidth: maxWidth ?? MODAL_RESPONSIVE_MAX_WIDTH };
  return { width: width ?? MODAL_DEFAULT_WIDTH, maxWidth };
}
