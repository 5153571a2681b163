/** Wallet-address rules per network (src/shared/withdrawals.ts), from the BIPs' and EIP-55's own examples. */
import { sha256 } from "@noble/hashes/sha2.js";
import { bech32, createBase58check } from "@scure/base";
import { describe, expect, it } from "vitest";
import {
  addressProblem,
  checkEvmAddress,
  createWithdrawalSchema,
  isBtcAddress,
  isLitecoinAddress,
  isSolanaAddress,
  isTonAddress,
  isTronAddress,
  toChecksumAddress,
} from "../../src/shared/withdrawals";

const twenty = Uint8Array.from({ length: 20 }, (_, i) => i * 7 + 1);
const base58check = createBase58check(sha256);

describe("withdrawal addresses", () => {
  it("BTC: base58check P2PKH/P2SH, bech32 v0 (BIP-173) and bech32m v1 (BIP-350)", () => {
    expect(isBtcAddress("1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa")).toBe(true);
    expect(isBtcAddress("3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy")).toBe(true);
    expect(isBtcAddress("bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4")).toBe(true);
    expect(isBtcAddress("BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4")).toBe(true);
    expect(isBtcAddress("bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0")).toBe(true);
    // One character changed: checksum fails.
    expect(isBtcAddress("1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNb")).toBe(false);
    expect(isBtcAddress("bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5")).toBe(false);
    // v0 with the bech32m checksum, and mixed case, are invalid (BIP-350 / BIP-173).
    expect(isBtcAddress("bc1zw508d6qejxtdg4y5r3zarvaryvaxxpcs")).toBe(true); // v2, bech32m
    expect(isBtcAddress("bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kemeawh")).toBe(false);
    expect(isBtcAddress("bc1Qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4")).toBe(false);
    expect(isBtcAddress("tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx")).toBe(false); // testnet
    expect(isBtcAddress("0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed")).toBe(false);
  });

  it("BTC segwit: BIP-350's own valid and invalid mainnet vectors (through @scure/base)", () => {
    for (const valid of [
      "BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4",
      "bc1pw508d6qejxtdg4y5r3zarvary0c5xw7kw508d6qejxtdg4y5r3zarvary0c5xw7kt5nd6y",
      "BC1SW50QGDZ25J",
      "bc1zw508d6qejxtdg4y5r3zarvaryvaxxpcs",
      "bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0",
      "1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2",
    ]) {
      expect(isBtcAddress(valid), valid).toBe(true);
    }
    for (const invalid of [
      "bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqh2y7hd", // v1 with a bech32 (not bech32m) checksum
      "BC1S0XLXVLHEMJA6C4DQV22UAPCTQUPFHLXM9H8Z3K2E72Q4K9HCZ7VQ54WELL", // v16 with a bech32 checksum
      "bc1zw508d6qejxtdg4y5r3zarvaryvqyzf3du", // more than 4 bits of zero padding
      "bc1gmk9yu", // empty data
      "BC1QR508D6QEJXTDG4Y5R3ZARVARYV98GJ9P", // v0 with a 16-byte program
      "1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN3", // base58check: checksum
      "1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN0", // base58: 0 is not in the alphabet
    ]) {
      expect(isBtcAddress(invalid), invalid).toBe(false);
    }
  });

  it("LTC: L…/M… and 3… base58check with Litecoin's version bytes, ltc1 segwit; Bitcoin's and testnet's refused", () => {
    expect(isLitecoinAddress("LaMT348PWRnrqeeWArpwQPbuanpXDZGEUz")).toBe(true);
    expect(isLitecoinAddress("MGxNPPB7eBoWPUaprtX9v9CXJZoD2465zN")).toBe(true);
    expect(isLitecoinAddress("LaMT348PWRnrqeeWArpwQPbuanpXDZGEUy")).toBe(false); // checksum
    expect(isLitecoinAddress(base58check.encode(Uint8Array.from([0x30, ...twenty])))).toBe(true);
    expect(isLitecoinAddress(base58check.encode(Uint8Array.from([0x00, ...twenty])))).toBe(false); // Bitcoin's P2PKH
    const segwit = bech32.encode("ltc", [0, ...bech32.toWords(twenty)]);
    expect(isLitecoinAddress(segwit)).toBe(true);
    expect(isLitecoinAddress(`${segwit.slice(0, -1)}${segwit.endsWith("q") ? "p" : "q"}`)).toBe(false);
    expect(isLitecoinAddress(bech32.encode("tltc", [0, ...bech32.toWords(twenty)]))).toBe(false); // testnet
    expect(isLitecoinAddress("bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4")).toBe(false);
  });

  it("SOL: a 32-byte key in base58; other lengths and characters outside the alphabet refused", () => {
    expect(isSolanaAddress("11111111111111111111111111111111")).toBe(true); // the system program
    expect(isSolanaAddress("TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA")).toBe(true); // the token program
    expect(isSolanaAddress("TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5D0")).toBe(false); // 0 is not base58
    expect(isSolanaAddress("1111111111111111111111111111111")).toBe(false); // 31 bytes
    expect(isSolanaAddress("0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed")).toBe(false);
  });

  it("TON: the raw form and the user-friendly form with its CRC-16, bounceable or not; a changed letter or testnet refused", () => {
    expect(isTonAddress("EQCD39VS5jcptHL8vMjEXrzGaRcCVYto7HUn4bpAOg8xqB2N")).toBe(true);
    expect(isTonAddress("UQCD39VS5jcptHL8vMjEXrzGaRcCVYto7HUn4bpAOg8xqEBI")).toBe(true);
    expect(isTonAddress("0:83dfd552e63729b472fcbcc8c45ebcc6691702558b68ec7527e1ba403a0f31a8")).toBe(true);
    expect(isTonAddress("EQCD39VS5jcptHL8vMjEXrzGaRcCVYto7HUn4bpAOg8xqB2O")).toBe(false); // CRC
    expect(isTonAddress("kQCD39VS5jcptHL8vMjEXrzGaRcCVYto7HUn4bpAOg8xqB2N")).toBe(false); // testnet flag
    expect(isTonAddress("2:83dfd552e63729b472fcbcc8c45ebcc6691702558b68ec7527e1ba403a0f31a8")).toBe(false);
  });

  it("each new coin's networks are checked by the request schema, with the network named in the message", () => {
    const ok = (cryptoCurrency: string, network: string, address: string) =>
      createWithdrawalSchema.safeParse({ amount: "20", cryptoCurrency, network, address }).success;
    expect(ok("LTC", "LTC", "LaMT348PWRnrqeeWArpwQPbuanpXDZGEUz")).toBe(true);
    expect(ok("SOL", "SOL", "TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA")).toBe(true);
    expect(ok("USDC", "SOL", "TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA")).toBe(true);
    expect(ok("USDC", "ERC20", "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed")).toBe(true);
    expect(ok("TRX", "TRC20", "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t")).toBe(true);
    expect(ok("TON", "TON", "EQCD39VS5jcptHL8vMjEXrzGaRcCVYto7HUn4bpAOg8xqB2N")).toBe(true);
    expect(ok("USDC", "TRC20", "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t")).toBe(false); // not a USDC chain here
    expect(ok("LTC", "BTC", "1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa")).toBe(false);
    expect(addressProblem("SOL", "not-an-address")).toBe("Invalid Solana address");
    expect(addressProblem("TON", "EQ")).toBe("Invalid TON address");
    expect(addressProblem("LTC", "1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa")).toBe("Invalid Litecoin address");
  });

  it("EVM: 0x + 40 hex; mixed case must match EIP-55", () => {
    const good = "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed";
    expect(toChecksumAddress(good.toLowerCase())).toBe(good);
    expect(checkEvmAddress(good)).toBe("ok");
    expect(checkEvmAddress(good.toLowerCase())).toBe("ok");
    expect(checkEvmAddress(`0x${good.slice(2).toUpperCase()}`)).toBe("ok");
    expect(checkEvmAddress("0x5AAeb6053F3E94C9b9A09f33669435E7Ef1BeAed")).toBe("checksum");
    expect(checkEvmAddress("0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAe")).toBe("format");
    expect(checkEvmAddress("5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed00")).toBe("format");
  });

  it("TRON: base58check with version 0x41 (T…)", () => {
    expect(isTronAddress("TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t")).toBe(true);
    expect(isTronAddress("TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u")).toBe(false);
    expect(isTronAddress("1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa")).toBe(false);
  });

  it("the schema names the rule that failed", () => {
    const base = { amount: "25.00", cryptoCurrency: "USDT", network: "TRC20", address: "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t" };
    expect(createWithdrawalSchema.safeParse(base).success).toBe(true);
    const msg = (v: object) => createWithdrawalSchema.safeParse({ ...base, ...v }).error?.issues[0]?.message;
    expect(msg({ amount: "5" })).toBe("Minimum withdrawal is $10.00");
    expect(msg({ amount: "5000.01" })).toBe("Maximum withdrawal is $5,000.00");
    expect(msg({ amount: "1e3" })).toBe("Amount must be a number with at most 2 decimals");
    expect(msg({ cryptoCurrency: "BTC" })).toBe("BTC can be sent on BTC only");
    expect(msg({ address: "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u" })).toBe("Invalid Tron (TRC20) address");
    expect(addressProblem("ERC20", "0x5AAeb6053F3E94C9b9A09f33669435E7Ef1BeAed")).toMatch(/EIP-55/);
  });
});
