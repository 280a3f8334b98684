export const COINS = [
  { label: 'Tether (USDT)', value: 'USDT', usd: 1 },
  { label: 'USD Coin (USDC)', value: 'USDC', usd: 1 },
  { label: 'Bitcoin (BTC)', value: 'BTC', usd: 50_000 },
  { label: 'Ether (ETH)', value: 'ETH', usd: 2_500 },
  { label: 'XRP (XRP)', value: 'XRP', usd: 0.5 },
  { label: 'Binance USD (BUSD)', value: 'BUSD', usd: 1 },
] as const;

export const NETWORKS: Readonly<Record<string, ReadonlyArray<{ name: string; network: string }>>> = {
  USDT: [{ name: 'Tron (TRC20)', network: 'TRX' }, { name: 'Ethereum (ERC20)', network: 'ETH' }, { name: 'BNB Smart Chain (BEP20)', network: 'BSC' }],
  USDC: [{ name: 'Ethereum (ERC20)', network: 'ETH' }, { name: 'Polygon', network: 'MATIC' }],
  BTC: [{ name: 'Bitcoin', network: 'BTC' }],
  ETH: [{ name: 'Ethereum (ERC20)', network: 'ETH' }],
  XRP: [{ name: 'XRP Ledger', network: 'XRP' }],
  BUSD: [{ name: 'BNB Smart Chain (BEP20)', network: 'BSC' }],
};

export function quote(currency: string, amountUsd: number): { rate: number; amountCrypto: number } | null {
  const coin = COINS.find((c) => c.value === currency);
  if (!coin) return null;
  return { rate: coin.usd, amountCrypto: Number((amountUsd / coin.usd).toFixed(8)) };
}
