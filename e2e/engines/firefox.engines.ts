import { describe } from 'vitest';
import { launchFirefox } from './firefox';
import { engineInstalled } from './installed';
import { payerFlows } from './payerFlows';

describe.runIf(engineInstalled('firefox'))("the payer's core flows in Firefox ESR", () => payerFlows(launchFirefox));
