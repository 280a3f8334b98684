import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { layerOrderBreaks } from '../../../scripts/import-graph.mjs';

/**
 * The simulator's rooms, top to bottom (scripts/import-graph.mjs): the entries, the service and its
 * API's door, the API, the payer's pages, the notifications, the books, their due-time queue, and the simulated processors.
 */
const SIMULATOR_LAYERS = ['main.ts', 'index.ts', 'startSimulator.ts', 'apiDoor.ts', 'simulatorApi.ts', 'pages', 'notifier.ts', 'memoryBooks.ts', 'dueQueue.ts', 'processors'];

it('each room imports only the rooms below it, and every room is in the order', () => {
  expect(layerOrderBreaks(fileURLToPath(new URL('.', import.meta.url)), SIMULATOR_LAYERS)).toEqual([]);
});
