/**
 * The class of an option tile (a method or a donation amount: a label around its radio, styles.css
 * .method-option): whether it is the chosen one, and whether it cannot be chosen now. Said by class,
 * not found by `:has(input:disabled)` (docs/performance.md).
 */
export function optionTileClass(state: { chosen: boolean; disabled: boolean }, modifier?: string): string {
  return [
    'method-option',
    modifier ? `method-option--${modifier}` : '',
    state.chosen ? 'method-option--chosen' : '',
    state.disabled ? 'method-option--disabled' : '',
  ].filter((name) => name !== '').join(' ');
}
