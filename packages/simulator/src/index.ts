// @pasarela/simulator as other packages reach it: the service started from code (the server's
// tests share one, as nodes share a processor), and its processors in a process of their own.
export { startSimulator, type RunningSimulator, type SimulatorOptions } from './startSimulator';
export { memoryBooks } from './memoryBooks';
export { simulatedGateways } from './processors/simulatedGateways';
