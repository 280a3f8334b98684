/** By class, not `:has(input:disabled)` (docs/performance.md). */
export function optionTileClass(state: { chosen: boolean; disabled: boolean }, modifier?: string): string {
  return [
    'method-option',
    modifier ? `method-option--${modifier}` : '',
    state.chosen ? 'method-option--chosen' : '',
    state.disabled ? 'method-option--disabled' : '',
  ].filter((name) => name !== '').join(' ');
}
