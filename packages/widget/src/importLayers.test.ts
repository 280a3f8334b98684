// @vitest-environment node
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { layerOrderBreaks } from '../../../scripts/import-graph.mjs';

/**
 * The widget's rooms, top to bottom (scripts/import-graph.mjs): the entries, the router, the
 * screens (pages, the checkout, the methods, the wallet, the receipts), what they share (payments,
 * security, embed, ui, services, theme, i18n, api), and the top-level helpers ('.').
 */
const WIDGET_LAYERS = ['main.tsx', 'prerender.tsx', 'app', 'pages', 'checkout', 'methods', 'wallet', 'receipts', 'payments', 'security', 'embed', 'ui', 'services', 'theme', 'i18n', 'api', '.'];

/**
 * The upward imports the widget has today, four room circles no order allows: each goes when its
 * circle is cut (and leaves this list), and a new one fails.
 */
const KNOWN_UPWARD = [
  'services/services.ts -> embed/parentBridge.ts: services imports embed, above it',
  'theme/startTheme.ts -> services/afterFirstScreen.ts: theme imports services, above it',
];

it('each room imports only the rooms below it (but the known upward imports), and every room is in the order', () => {
  expect(layerOrderBreaks(fileURLToPath(new URL('.', import.meta.url)), WIDGET_LAYERS)).toEqual(KNOWN_UPWARD);
});
