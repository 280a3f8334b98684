/** By class, not `:has(input:disabled)`: with a `:has()` rule the browser checks a tile's style again at every change inside it, and the first screen opened faster without such rules in paired runs. */
export function optionTileClass(state: { chosen: boolean; disabled: boolean }, modifier?: string): string {
  return [
    'method-option',
    modifier ? `method-option--${modifier}` : '',
    state.chosen ? 'method-option--chosen' : '',
    state.disabled ? 'method-option--disabled' : '',
  ].filter((name) => name !== '').join(' ');
}
