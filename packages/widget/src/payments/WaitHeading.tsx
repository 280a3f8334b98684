import { useArrivalFocus } from '../ui/useArrivalFocus';

/** A wait's title, which takes the focus from the form it replaced ("Enviar", Pay). */
export function WaitHeading({ text }: { text: string }) {
  const heading = useArrivalFocus<HTMLHeadingElement>();
  return (
    <h2 className="method__title" tabIndex={-1} ref={heading}>
      {text}
    </h2>
  );
}
