-- AlterEnum: USDC, LTC, TRX, SOL and TON beside the spec's four (src/shared/constants.ts CRYPTO_CURRENCIES).
-- A withdrawal's network is text checked against src/shared/networks.ts, so it needs no change here.
ALTER TYPE "CryptoCurrency" ADD VALUE 'USDC';
ALTER TYPE "CryptoCurrency" ADD VALUE 'LTC';
ALTER TYPE "CryptoCurrency" ADD VALUE 'TRX';
ALTER TYPE "CryptoCurrency" ADD VALUE 'SOL';
ALTER TYPE "CryptoCurrency" ADD VALUE 'TON';
