// A navigation-bar dropdown as Superset's: it opens on hover, and a click on its button opens it too but never
// closes it. antd's ['click', 'hover'] triggers toggle on click, so a click landing after the hover delay shut
// the menu the pointer had just opened (a user saw it blink; a slow test runner saw it vanish).
import { Dropdown, type DropdownProps } from 'antd';
import { cloneElement, type MouseEvent, type ReactElement, useState } from 'react';

type Clickable = ReactElement<{ onClick?: (event: MouseEvent<HTMLElement>) => void }>;

type NavDropdownProps = Omit<DropdownProps, 'trigger' | 'open' | 'onOpenChange' | 'children'> & {
  children: Clickable;
};

export default function NavDropdown({ children, ...props }: NavDropdownProps) {
  const [open, setOpen] = useState(false);
  // A click, or Enter/Space on the focused button, only ever opens; Escape and leaving the menu close it.
  const trigger = cloneElement(children, {
    onClick: (event: MouseEvent<HTMLElement>) => {
      children.props.onClick?.(event);
      setOpen(true);
    },
  });
  return (
    <Dropdown {...props} trigger={['hover']} open={open} onOpenChange={setOpen}>
      {trigger}
    </Dropdown>
  );
}
