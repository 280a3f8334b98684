// CLI entry, bundled to packages/sandbox/dist/server.mjs and run by `npm start`.
import { startNode } from './runNode';

startNode();
