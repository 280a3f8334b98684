import { hasWaitingAttempt } from '../payments/paymentContext';
import { PENDING_PARAM } from '../payments/pendingAddress';
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

/** The server renders for a guest with nothing kept in the tab; otherwise the browser renders afresh. */
export function rendersAsServer(services: Services): boolean {
  return (
    services.session.getState().login === null &&
    !hasWaitingAttempt(services.storage.session) &&
    !services.address().searchParams.has(PENDING_PARAM) &&
    services.bridge.embedded === services.address().searchParams.has('parentOrigin')
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

/** Taking the markup over keeps the fields but not the app's state: each field's own event tells the app. */
export function takeEarlyInput(root: HTMLElement): () => void {
  const fields = [...root.querySelectorAll<Field>('input, textarea, select')].filter(changedByPayer);
  return () => {
    for (const field of fields) {
      if (!field.isConnected) continue;
      // What the app's handlers listen to (React's onChange is `input` on text fields).
      const text = !isToggle(field) && !(field instanceof HTMLSelectElement);
      field.dispatchEvent(new Event(text ? 'input' : 'change', { bubbles: true }));
    }
  };
}
