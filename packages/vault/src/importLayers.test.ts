import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { layerOrderBreaks } from '../../../scripts/import-graph.mjs';

/**
 * The vault's rooms, top to bottom (scripts/import-graph.mjs): the entries, its settings, the service, its API and
 * doors, the fields page, forwarding and its answer's masking, the card store and its rules, the keys, the schema and the database.
 */
const VAULT_LAYERS = ['main.ts', 'vaultSettings.ts', 'index.ts', 'startVault.ts', 'vaultApi.ts', 'secretDoor.ts', 'storeHealth.ts', 'rateLimit.ts', 'clientAddress.ts', 'fields', 'forward.ts', 'cardInAnswer.ts', 'placeholders.ts', 'cardStore.ts', 'cardFacts.ts', 'cardCheck.ts', 'keyring.ts', 'migrations.ts', 'vaultDatabase.ts'];

it('each room imports only the rooms below it, and every room is in the order', () => {
  expect(layerOrderBreaks(fileURLToPath(new URL('.', import.meta.url)), VAULT_LAYERS)).toEqual([]);
});
