// The popover of a control's editor (filter, metric, column): Escape closes an open list inside it first, and a
// close by Escape or an outside click asks "Discard changes?" while the editor holds unsaved edits.
import { Popover } from 'antd';
import { type ReactElement, type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import DiscardChangesModal from './DiscardChangesModal';
import { EditorDirtyContext } from './editor-dirty';
import { closeDecision } from './editor-popover-rules';
import { useEscapeOrigin } from './use-escape-origin';

interface EditorPopoverProps {
  open: boolean;
  /** The trigger was clicked while closed. */
  onOpen: () => void;
  /** The popover closes and its edits, if any, are dropped. */
  onDiscard: () => void;
  content: ReactNode;
  children: ReactElement;
}

export default function EditorPopover({ open, onOpen, onDiscard, content, children }: EditorPopoverProps) {
  const contentRef = useRef<HTMLDivElement>(null);
  const dirty = useRef(false);
  const [confirming, setConfirming] = useState(false);
  const escapeOrigin = useEscapeOrigin(open, contentRef);
  const reportDirty = useCallback((value: boolean) => {
    dirty.current = value;
  }, []);

  useEffect(() => {
    if (!open) setConfirming(false);
  }, [open]);

  const onOpenChange = (next: boolean) => {
    if (next) {
      onOpen();
      return;
    }
    const decision = closeDecision({
      reason: escapeOrigin.current ? 'escape' : 'outside',
      innerPopupOpen: escapeOrigin.current?.innerPopupOpen ?? false,
      dirty: dirty.current,
      confirming,
    });
    if (decision === 'close') onDiscard();
    else if (decision === 'confirm') setConfirming(true);
  };

  return (
    <>
      <Popover
        trigger="click"
        placement="right"
        open={open}
        onOpenChange={onOpenChange}
        content={
          <EditorDirtyContext.Provider value={reportDirty}>
            <div ref={contentRef}>{content}</div>
          </EditorDirtyContext.Provider>
        }
        destroyOnHidden
      >
        {children}
      </Popover>
      <DiscardChangesModal
        open={open && confirming}
        onKeep={() => setConfirming(false)}
        onDiscard={() => {
          setConfirming(false);
          onDiscard();
        }}
      />
    </>
  );
}
