import {
  IconBrandBinance,
  IconBrandTether,
  IconCoin,
  IconCurrencyBitcoin,
  IconCurrencyDollar,
  IconCurrencyEthereum,
  IconCurrencyLitecoin,
  IconCurrencySolana,
} from "@tabler/icons-react";
import type { CryptoCurrency } from "@/shared/constants";

export const CRYPTO_ICONS: Record<CryptoCurrency, typeof IconCurrencyBitcoin> = {
  BTC: IconCurrencyBitcoin,
  ETH: IconCurrencyEthereum,
  USDT: IconBrandTether,
  BNB: IconBrandBinance,
  USDC: IconCurrencyDollar,
  LTC: IconCurrencyLitecoin,
  TRX: IconCoin,
  SOL: IconCurrencySolana,
  TON: IconCoin,
};

export const CRYPTO_COLORS: Record<CryptoCurrency, string> = {
  BTC: "orange",
  ETH: "indigo",
  USDT: "teal",
  BNB: "yellow",
  USDC: "blue",
  LTC: "gray",
  TRX: "red",
  SOL: "violet",
  TON: "cyan",
};
