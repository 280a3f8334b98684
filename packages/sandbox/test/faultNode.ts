// The fault harness's node (`npm run test:faults`, scripts/faults/killedAfterGateway.mjs), bundled to
// packages/sandbox/dist/fault-node.mjs apart from the server: the node of `npm start` whose
// simulated gateway named by PASARELA_FAULT_KILL_AFTER_GATEWAY (card or push) kills the process
// right after its first payment's answer, before the answer is recorded (docs/operations.md).
import { KILL_AFTER_GATEWAY_VARIABLE, killAfterGatewayAnswer, killAfterPortOf } from './gateways/killAfterGatewayAnswer';
import { startNode } from '../src/runNode';

// Read before anything starts, so a wrong value stops the start.
const port = killAfterPortOf(process.env[KILL_AFTER_GATEWAY_VARIABLE]);
if (port) console.warn(`${KILL_AFTER_GATEWAY_VARIABLE}: this node kills itself after its first ${port} payment's gateway answer`);
startNode(port ? { wrapGateways: (gateways) => killAfterGatewayAnswer(gateways, port) } : {});
