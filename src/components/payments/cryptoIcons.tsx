import { IconBrandBinance, IconBrandTether, IconCurrencyBitcoin, IconCurrencyEthereum } from "@tabler/icons-react";
import type { CryptoCurrency } from "@/shared/constants";

export const CRYPTO_ICONS: Record<CryptoCurrency, typeof IconCurrencyBitcoin> = {
  BTC: IconCurrencyBitcoin,
  ETH: IconCurrencyEthereum,
  USDT: IconBrandTether,
  BNB: IconBrandBinance,
};

export const CRYPTO_COLORS: Record<CryptoCurrency, string> = {
  BTC: "orange",
  ETH: "indigo",
  USDT: "teal",
  BNB: "yellow",
};
