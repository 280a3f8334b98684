/** The checkout's method radios (payments/MethodChoice.tsx). */
const checkedMethod = (): HTMLInputElement | null =>
  typeof document === 'undefined' ? null : document.querySelector<HTMLInputElement>('input[name="payment-method"]:checked');

/** A method the payer has not chosen, when the checkout offers one. */
export const otherMethod = (): HTMLInputElement | null =>
  typeof document === 'undefined' ? null : document.querySelector<HTMLInputElement>('input[name="payment-method"]:not(:checked)');

/**
 * After the payer left a wait ("Cancelar y usar otro método"): the wait's button is gone with the
 * wait, so the focus goes to the method chosen, from which the arrow keys pick another, never to the
 * page's body. A wait that stayed (leaving failed, its message shown) keeps the focus where it is.
 */
export async function focusMethodChoiceAfter(leaving: unknown): Promise<void> {
  await leaving;
  // After the render that took the wait away.
  await new Promise((resolve) => setTimeout(resolve, 0));
  if (document.activeElement === null || document.activeElement === document.body) checkedMethod()?.focus();
}
