import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { layerOrderBreaks } from '../../../scripts/import-graph.mjs';

/**
 * Core's rooms, top to bottom (scripts/import-graph.mjs): the public surface, the rules that speak
 * to the payer (they name their messages through i18n), the appearance, the catalogues, and the
 * other rules ('.', the top-level files not named here), which import none of the rooms above.
 */
const CORE_LAYERS = ['index.ts', 'auth.ts', 'authFlows.ts', 'validationTx.ts', 'appearance', 'i18n', '.'];

it('each room imports only the rooms below it, and every room is in the order', () => {
  expect(layerOrderBreaks(fileURLToPath(new URL('.', import.meta.url)), CORE_LAYERS)).toEqual([]);
});
