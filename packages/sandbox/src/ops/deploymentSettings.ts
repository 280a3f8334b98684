// Settings every node of a deployment must share (docs/operations.md "Settings the nodes share"): a
// node with another processor module would settle payments another node's processor made, and one
// allowing private webhook targets would send what the others refuse.

/** A row of deployment_settings (store/deploymentSettings.ts). */
export interface RecordedSetting {
  name: string;
  value: string;
  recorded_by: string;
  recorded_at: Date;
}

export interface NodeSetting {
  name: 'GATEWAYS_MODULE' | 'WEBHOOK_ALLOW_PRIVATE';
  /** As recorded: '' for unset. */
  value: string;
  /** Why this node has it, when it was not set. */
  defaulted?: string | undefined;
}

export function sharedSettingsOf(node: { gatewaysModule: string | undefined; allowPrivateWebhooks: boolean; allowPrivateDefaulted: boolean }): NodeSetting[] {
  return [
    { name: 'GATEWAYS_MODULE', value: node.gatewaysModule ?? '' },
    {
      name: 'WEBHOOK_ALLOW_PRIVATE', value: node.allowPrivateWebhooks ? '1' : '0',
      defaulted: node.allowPrivateDefaulted ? `unset: ${node.allowPrivateWebhooks ? '1, reached from this machine only' : '0, reached from beyond the machine'}` : undefined,
    },
  ];
}

const shown = (value: string) => (value === '' ? '(unset)' : value);

/** What a deliberate change (RECORD_SHARED_SETTINGS) replaced, for the log: `GATEWAYS_MODULE: (unset) -> ./my-adapters.mjs`. */
export function sharedSettingsChanges(node: readonly NodeSetting[], before: readonly RecordedSetting[]): string[] {
  return node.flatMap((ours) => {
    const theirs = before.find((r) => r.name === ours.name);
    return theirs && theirs.value !== ours.value ? [`${ours.name}: ${shown(theirs.value)} -> ${shown(ours.value)}`] : [];
  });
}

/** The refusal naming each setting that differs from the deployment's record, with both values; undefined when all agree. */
export function sharedSettingsRefusal(node: readonly NodeSetting[], recorded: readonly RecordedSetting[]): string | undefined {
  const differing = node.flatMap((ours) => {
    const theirs = recorded.find((r) => r.name === ours.name);
    if (!theirs || theirs.value === ours.value) return [];
    const why = ours.defaulted ? ` (${ours.defaulted})` : '';
    return [`${ours.name} is ${shown(ours.value)} on this node${why}, but this deployment recorded ${shown(theirs.value)} (node ${theirs.recorded_by}, ${theirs.recorded_at.toISOString()})`];
  });
  if (differing.length === 0) return undefined;
  return `${differing.join('; ')}. Every node of a deployment runs with the same value: start this node with the recorded one, or change the deployment's value deliberately: stop the nodes running with the old one and start one node once with RECORD_SHARED_SETTINGS=1 (docs/operations.md "Settings the nodes share").`;
}
