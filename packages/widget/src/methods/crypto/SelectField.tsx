import { FieldError, useFocusHeld } from '../../ui/FieldError';

export interface SelectOption {
  value: string;
  label: string;
}

interface SelectFieldProps {
  name: string;
  label: string;
  /** Once there are options it cannot be chosen back. */
  placeholder: string;
  options: readonly SelectOption[];
  value: string;
  error?: string | undefined;
  hint?: string | undefined;
  disabled?: boolean;
  selectRef?: (element: HTMLSelectElement | null) => void;
  onValue: (value: string) => void;
  /** Whether a message appearing is announced (FieldError). */
  live?: boolean | undefined;
}

export function SelectField({ name, label, placeholder, options, value, error, hint, disabled, selectRef, onValue, live = true }: SelectFieldProps) {
  const id = `field-${name}`;
  const focus = useFocusHeld<HTMLSelectElement>({});
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter((s) => s !== '').join(' ');
  return (
    <div className={`field${error ? ' field--invalid' : ''}`}>
      <div className="field__label-row">
        <label className="field__label" htmlFor={id}>
          {label}
        </label>
      </div>
      <select
        ref={selectRef}
        id={id}
        name={name}
        className="field__input field__input--select"
        value={value}
        disabled={disabled}
        aria-invalid={error ? 'true' : 'false'}
        aria-describedby={describedBy || undefined}
        onChange={(event) => onValue(event.currentTarget.value)}
        onFocus={focus.onFocus}
        onBlur={focus.onBlur}
      >
        {/* Not disabled while alone: a select whose only option is disabled shows nothing at all. */}
        <option value="" disabled={options.length > 0}>
          {placeholder}
        </option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {hint ? (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      ) : null}
      <FieldError id={`${id}-error`} error={error} live={live} inPlace={focus.inPlace} />
    </div>
  );
}
