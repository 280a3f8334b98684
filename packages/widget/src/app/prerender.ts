import { hasWaitingAttempt, keepsOtherMethod } from '../payments/paymentContext';
import { PENDING_PARAM, pendingFromAddress } from '../payments/pendingAddress';
import { parseRoute, routeKey, screenEntry, usesLaterStyles, type Route, type ScreenEntry, type ScreenRouteName } from './routes';
import type { PreparedScreen } from '../services/screen';
import type { Services } from '../services/services';

/** On the server to render into the page (prerender.tsx), in the browser to take that markup over (main.tsx). */
export interface FirstScreen {
  key: string;
  screen: PreparedScreen;
  laterStyles: boolean;
}

export async function prepareFirstScreen(services: Services): Promise<FirstScreen | null> {
  const route = parseRoute(services.address());
  if (route.name === 'redirect') return null;
  const entry = screenEntry(route.name) as ScreenEntry<ScreenRouteName> & { guard?: (r: Route, s: Services) => string | null };
  if (!entry.prerender || entry.guard?.(route, services)) return null;
  const screen = (await entry.load()).prepare(route as never, services);
  await screen.ready;
  return { key: routeKey(route), screen, laterStyles: usesLaterStyles(route) };
}

/**
 * The server renders for a guest with nothing kept in the tab; otherwise the browser renders afresh. A
 * card payment the address names at its 3DS challenge (and the tab keeps) may be drawn by both: whether
 * it is, the checkout's prepared screen says once it has read how the payment stands (`asServer`).
 */
export function rendersAsServer(services: Services): boolean {
  const address = services.address();
  // Its attempt is the one the tab keeps; the checkout opens on the card, the first method, either way.
  const atChallenge = pendingFromAddress(address)?.method === 'card';
  return (
    services.session.getState().login === null &&
    (atChallenge || (!hasWaitingAttempt(services.storage.session) && !address.searchParams.has(PENDING_PARAM))) &&
    !keepsOtherMethod(services.storage.session) &&
    services.bridge.embedded === address.searchParams.has('parentOrigin')
  );
}

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

const isToggle = (field: Field): field is HTMLInputElement => field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio');

function changedByPayer(field: Field): boolean {
  if (isToggle(field)) return field.type === 'radio' ? field.checked && !field.defaultChecked : field.checked !== field.defaultChecked;
  if (field instanceof HTMLSelectElement) {
    const initial = [...field.options].find((option) => option.hasAttribute('selected')) ?? field.options[0];
    return field.value !== (initial?.value ?? '');
  }
  return field.value !== field.defaultValue;
}

/** A field the payer changed, with what they entered: a render that reuses the element resets it. */
interface EarlyField {
  field: Field;
  value: string;
  checked: boolean;
}

/** The same field in the first render: the element itself when kept, else the one of the same tag and name (a radio's by its value too). */
function findAgain(root: HTMLElement, { field }: EarlyField): Field | null {
  if (root.contains(field)) return field;
  if (field.name === '') return null;
  const radio = isToggle(field) && field.type === 'radio';
  return [...root.querySelectorAll<Field>(field.localName)].find((other) => other.name === field.name && (!radio || other.value === field.value)) ?? null;
}

/**
 * What the payer entered in the server's markup before the script ran reaches the app: each field
 * they changed, found in the app's first render (the same element when it takes the markup over, the
 * same-named one when it renders afresh), gets their value back and the event its handlers listen to;
 * then a form they sent meanwhile (Enter, or its button), which the page's first script kept
 * (rollup-widget-html.mjs: the form's place among the page's), is sent once, as the app handles it.
 */
export function takeEarlyInput(root: HTMLElement): () => void {
  const entered: EarlyField[] = [...root.querySelectorAll<Field>('input, textarea, select')]
    .filter(changedByPayer)
    .map((field) => ({ field, value: field.value, checked: isToggle(field) && field.checked }));
  const marks = document.documentElement.dataset;
  const sent = marks['submitted'] === undefined ? null : Number(marks['submitted']);
  delete marks['submitted'];
  // From here a form is the app's to send.
  window.onsubmit = null;
  return () => {
    replayValues(root, entered);
    // After the render those values cause (preact's, in a microtask).
    if (sent !== null && sent >= 0) setTimeout(() => document.forms[sent]?.requestSubmit(), 0);
  };
}

function replayValues(root: HTMLElement, entered: EarlyField[]): void {
  for (const early of entered) {
    const field = findAgain(root, early);
    if (!field) continue;
    if (isToggle(field)) field.checked = early.checked;
    else field.value = early.value;
    // What the app's handlers listen to (React's onChange is `input` on text fields).
    const text = !isToggle(field) && !(field instanceof HTMLSelectElement);
    field.dispatchEvent(new Event(text ? 'input' : 'change', { bubbles: true }));
  }
}
