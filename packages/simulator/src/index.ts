// The service started from code (the server's tests share one, as nodes share a processor), and in a process of its own.
export { startSimulator, type RunningSimulator, type SimulatorOptions } from './startSimulator';
export { memoryBooks } from './memoryBooks';
export { simulatedGateways } from './processors/simulatedGateways';
// A test's card network: a dispute opened or moved on a charge, a refund made that fails later.
export { disputeCharge, disputeInBooks, failRefundLater, testCardDisputeReference, type BookedDispute } from './processors/simulatedCardProcessor';
