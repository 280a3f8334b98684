import type { InputHTMLAttributes, ReactNode, Ref } from 'react';
import { FieldError, useFocusHeld } from './FieldError';

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value' | 'name' | 'id'>;

export interface FieldProps extends InputProps {
  name: string;
  label: string;
  value: string;
  error?: string | undefined;
  hint?: string | undefined;
  aside?: ReactNode;
  onValue: (value: string) => void;
  inputRef?: Ref<HTMLInputElement>;
  describedBy?: string | undefined;
  /** Invalid by a message elsewhere (a failed login's alert), which `describedBy` names. */
  invalid?: boolean | undefined;
  /** Whether a message appearing is announced (default: yes; FieldError says when not). */
  live?: boolean | undefined;
}

export function Field({ name, label, value, error, hint, aside, onValue, inputRef, describedBy: extraIds, invalid, live = true, className, disabled, readOnly, ...input }: FieldProps) {
  const id = `field-${name}`;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const focus = useFocusHeld<HTMLInputElement>({ onFocus: input.onFocus, onBlur: input.onBlur });
  const describedBy = [extraIds ?? '', hint ? hintId : '', error ? errorId : ''].filter((s) => s !== '').join(' ');
  return (
    <div className={`field${error ? ' field--invalid' : ''}${className ? ` ${className}` : ''}`}>
      <div className="field__label-row">
        <label className="field__label" htmlFor={id}>
          {label}
        </label>
        {aside}
      </div>
      <input
        {...input}
        // Busy, a field stays focusable and keeps its value: `disabled` would drop the focus to the body.
        readOnly={readOnly || disabled}
        aria-disabled={disabled ? 'true' : undefined}
        ref={inputRef}
        id={id}
        name={name}
        className="field__input"
        value={value}
        aria-invalid={error || invalid ? 'true' : 'false'}
        aria-describedby={describedBy || undefined}
        onChange={(event) => onValue(event.currentTarget.value)}
        onFocus={focus.onFocus}
        onBlur={focus.onBlur}
      />
      {hint ? (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      ) : null}
      <FieldError id={errorId} error={error} live={live} inPlace={focus.inPlace} />
    </div>
  );
}
