import { describe } from 'vitest';
import { engineInstalled } from './installed';
import { payerFlows } from './payerFlows';
import { launchWebKit } from './webkit';

describe.runIf(engineInstalled('webkit'))("the payer's core flows in WebKitGTK", () => payerFlows(() => launchWebKit()));
