import type { CardToken } from '../CardProcessor';
import type { ContractInputs, TestCard } from './ContractInputs';

export type Tokenizer = (card: TestCard) => Promise<CardToken>;

/**
 * How the kit turns a test card into what the payer's browser would send: the module's own tokenizer
 * (its processor's browser tokens) when it declares one, else the card vault's `POST /v1/cards` at
 * `contract.vault.url` or VAULT_URL, as the vault's card fields do. The adapters see tokens only.
 */
export function tokenizerOf(inputs: ContractInputs, env: Readonly<Record<string, string | undefined>> = process.env): Tokenizer {
  if (inputs.tokenize) return inputs.tokenize;
  const url = inputs.vault?.url ?? env['VAULT_URL'];
  if (!url) return () => Promise.reject(new Error('no tokenizer: declare contract.tokenize (the processor\'s own browser tokens) or give the card vault (contract.vault.url, or VAULT_URL: npm run vault)'));
  const base = url.replace(/\/+$/, '');
  return async (card) => {
    const answer = await fetch(`${base}/v1/cards`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(card) });
    if (answer.status !== 201) throw new Error(`the card vault at ${base} did not tokenize the test card ending ${card.number.slice(-4)}: ${answer.status} ${(await answer.text()).slice(0, 200)}`);
    const made = (await answer.json()) as { token: string; brand: string; last4: string; expMonth: number; expYear: number };
    return { token: made.token, brand: made.brand, last4: made.last4, expMonth: String(made.expMonth).padStart(2, '0'), expYear: String(made.expYear), holder: card.holder };
  };
}
