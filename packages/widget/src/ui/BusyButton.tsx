import type { ButtonHTMLAttributes, MouseEvent, Ref } from 'react';

interface BusyButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'disabled'> {
  busy: boolean;
  buttonRef?: Ref<HTMLButtonElement> | undefined;
}

/**
 * A busy button keeps the focus (`disabled` would drop it to the page's body) and ignores presses:
 * a click, Enter or Space, and the implicit submit of Enter in a field, which clicks it too.
 */
export function BusyButton({ busy, buttonRef, onClick, ...button }: BusyButtonProps) {
  const press = (event: MouseEvent<HTMLButtonElement>) => {
    if (busy) {
      event.preventDefault();
      return;
    }
    onClick?.(event);
  };
  return <button aria-disabled={busy ? 'true' : undefined} aria-busy={busy ? 'true' : undefined} {...button} ref={buttonRef} onClick={press} />;
}
