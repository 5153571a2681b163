/**
 * The chains each coin travels on, for top-ups and withdrawals alike. No dependencies, so the
 * Add Balance form can use it without the address checks of src/shared/withdrawals.ts.
 */
import type { CryptoCurrency } from "./constants";

export const WITHDRAWAL_NETWORKS = ["BTC", "ERC20", "TRC20", "BEP20", "LTC", "SOL", "TON"] as const;
export type WithdrawalNetwork = (typeof WITHDRAWAL_NETWORKS)[number];

export const NETWORK_LABELS: Record<WithdrawalNetwork, string> = {
  BTC: "Bitcoin",
  ERC20: "Ethereum (ERC20)",
  TRC20: "Tron (TRC20)",
  BEP20: "BNB Smart Chain (BEP20)",
  LTC: "Litecoin",
  SOL: "Solana",
  TON: "TON",
};

/** Which networks each coin can be sent on (the first is the default). */
export const COIN_NETWORKS: Record<CryptoCurrency, readonly WithdrawalNetwork[]> = {
  BTC: ["BTC"],
  ETH: ["ERC20"],
  USDT: ["TRC20", "ERC20", "BEP20"],
  BNB: ["BEP20"],
  USDC: ["ERC20", "BEP20", "SOL"],
  LTC: ["LTC"],
  TRX: ["TRC20"],
  SOL: ["SOL"],
  TON: ["TON"],
};

/** How an address on each network starts: the withdraw form's placeholder. */
export const ADDRESS_PLACEHOLDERS: Record<WithdrawalNetwork, string> = {
  BTC: "bc1…",
  ERC20: "0x…",
  TRC20: "T…",
  BEP20: "0x…",
  LTC: "ltc1…",
  SOL: "Base58, 32–44 characters",
  TON: "EQ… or UQ…",
};
