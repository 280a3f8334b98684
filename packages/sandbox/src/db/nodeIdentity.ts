import { newSessionName } from './openDatabase';

/** How a node is known: in every line it logs, and on its database. */
export interface NodeIdentity {
  /** Each log line's `node`: NODE_NAME, else its session's name. */
  name: string;
  /**
   * Its application_name, new at each start even under one NODE_NAME: each node counts the payments
   * whose NOTIFY carries its own (server.ts), so two processes never share one.
   */
  session: string;
}

export function nodeIdentity(nodeName?: string): NodeIdentity {
  if (nodeName === undefined) {
    const session = newSessionName();
    return { name: session, session };
  }
  return { name: nodeName, session: newSessionName(nodeName) };
}
