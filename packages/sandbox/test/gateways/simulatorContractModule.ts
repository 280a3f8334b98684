// The simulator's HTTP adapters (gateways/http/) as an adapters module the contract kit runs
// (`pasarela-gateways contract <this file>`): the simulator service it talks to is started once, as
// the module is loaded, so a restart of the adapters (the kit makes them again) finds the same
// processor. The adapters reach it at CONTRACT_SIMULATOR_URL when set (the kit's proxy). Tests only.
import { NOTIFICATION_SIGNATURE_HEADER, signNotification, type ContractInputs, type GatewaysModuleExport } from '@pasarela/gateways';
import { startSimulator, testCardDisputeReference, type RunningSimulator } from '@pasarela/simulator';
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { httpGateways } from '../../src/gateways/http/httpGateways';
import { simulatorNotifications } from '../../src/gateways/http/signedNotifications';
import { startTestVault, TEST_VAULT_API_SECRET } from '../testCardVault';

const SECRET = 'contract-kit-notification-secret';
const API_SECRET = 'contract-kit-simulator-api-secret';
const URL_ENV = 'CONTRACT_SIMULATOR_URL';
let simulator: RunningSimulator | undefined = await startSimulator({ apiSecret: API_SECRET, unref: true });
const simulatorUrl = simulator.url;
const processorUrl = () => process.env[URL_ENV] || simulatorUrl;

// The card vault forwards typed cards' calls to the simulator through a relay that follows
// CONTRACT_SIMULATOR_URL, so those calls cross the kit's proxy too.
const relay = createServer((incoming, outgoing) => {
  const target = new URL(processorUrl());
  const sent = request({ host: target.hostname, port: target.port, method: incoming.method, path: incoming.url, headers: incoming.headers }, (answer) => {
    outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
    answer.pipe(outgoing);
  });
  sent.on('error', () => outgoing.destroy());
  incoming.pipe(sent);
});
await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
relay.unref();
const vault = await startTestVault({ checkoutOrigins: [], simulatorUrl: `http://127.0.0.1:${(relay.address() as AddressInfo).port}` });

const exported: GatewaysModuleExport = async () => ({
  gateways: httpGateways(processorUrl(), { apiSecret: API_SECRET, retryDelayMs: 100, vault: { url: vault.url, apiSecret: TEST_VAULT_API_SECRET } }).gateways,
  notifications: simulatorNotifications(SECRET),
});
export default exported;

const card = (number: string) => ({ number, expMonth: '12', expYear: '34', cvc: '123', holder: 'ANA ROJAS' });
export const contract: ContractInputs = {
  // PRODUCT.md's test cards.
  cards: { approves: card('4242424242424242'), declines: card('4000000000000002'), challenges: card('4000000000003220'), fails: card('4000000000000119'), disputed: card('4000000000001976') },
  // Card 1976's dispute is opened with its approval, under a reference made from the charge's.
  disputeOf: async (chargeReference) => testCardDisputeReference(chargeReference),
  supports: { threeDS: true, captureLater: true, savedCards: true, partialRefunds: true },
  // The simulator's format: one event as the JSON body, signed with the shared secret.
  notify: (_port, events) => {
    const body = JSON.stringify(events[0]);
    return { body, headers: new Headers({ 'content-type': 'application/json', [NOTIFICATION_SIGNATURE_HEADER]: signNotification(body, SECRET) }) };
  },
  // docs/sandbox.md "Payouts": a transfer to an account ending 0002 comes back.
  payouts: { pays: '000123456789', returns: '000000000002' },
  processor: { env: URL_ENV, url: simulatorUrl },
  // The kit types the test cards into the vault; the adapters get tokens only.
  vault: { url: vault.url },
  deadlineMs: 3_000,
  // A Colombian merchant's charges are in pesos (issue 93).
  secondCurrency: 'COP',
};

/** Stops the simulator, vault and relay the module started (a test's end). */
export async function closeSimulator(): Promise<void> {
  await vault.close();
  await new Promise<void>((resolve) => relay.close(() => resolve()));
  relay.closeAllConnections();
  await simulator?.close();
  simulator = undefined;
}
