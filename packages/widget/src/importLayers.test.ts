// @vitest-environment node
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { layerOrderBreaks } from '../../../scripts/import-graph.mjs';

/**
 * The widget's rooms, top to bottom (scripts/import-graph.mjs): the entries, the router, the
 * screens (pages, the checkout, the methods, the wallet, the receipts), what they share (payments,
 * security, embed, ui), the theme, the services bundle (which states the parent bridge and the
 * brand colour the embed and theme rooms make), i18n, api, and the top-level helpers ('.').
 * A new upward import, or a new room left out of the list, fails here.
 */
const WIDGET_LAYERS = ['main.tsx', 'prerender.tsx', 'app', 'pages', 'checkout', 'methods', 'wallet', 'receipts', 'payments', 'security', 'embed', 'ui', 'theme', 'services', 'i18n', 'api', '.'];

it('each room imports only the rooms below it, and every room is in the order', () => {
  expect(layerOrderBreaks(fileURLToPath(new URL('.', import.meta.url)), WIDGET_LAYERS)).toEqual([]);
});
