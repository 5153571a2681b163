"use client";

import { Alert, Anchor, Button, Code, Group, List, Paper, SimpleGrid, Stack, Text, Textarea, Title } from "@mantine/core";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useRef, useState } from "react";
import { DataTable } from "@/components/common/DataTable";
import { Spinner } from "@/components/common/QueryState";
import { useCurrentUser } from "@/components/common/useCurrentUser";
import { DateTime } from "@/components/common/useTimeZone";
import { useBusy } from "@/components/common/useBusy";
import { useFieldTypedBeforeHydration } from "@/components/common/useTypedBeforeHydration";
import { type CheckLine, checkLiabilityProof, type LiabilityProofFile, type PublishedRoot } from "@/shared/liabilities";
import { LIMITS } from "@/shared/constants";
import { formatCount } from "@/shared/format";
import { formatUsd } from "@/shared/money-format";
import { type SignedReceipt, verifyReceipt } from "@/shared/receipts";
import { trpc } from "@/trpc/react";
import type { RouterOutputs } from "@/trpc/types";

type Snapshot = NonNullable<RouterOutputs["proofs"]["liabilities"]["latest"]>;
type ReceiptKeys = RouterOutputs["receipts"]["keys"];
/** What the server read with the page (src/app/proof-of-liabilities/page.tsx). */
export type ProofPageData = { list: RouterOutputs["proofs"]["liabilities"]; keys: ReceiptKeys };

/** 64 hex digits have no break opportunity: let them wrap on a phone. */
const WRAP = { whiteSpace: "pre-wrap", wordBreak: "break-all" } as const;

const FIELD_LABELS: Record<string, string> = {
  cash: "Cash balances",
  credit: "Site credit",
  prizes: "Prizes won, not yet delivered",
  payouts: "Withdrawals requested, not yet paid",
};

/**
 * /proof-of-liabilities (docs/fair-play.md "Proof of liabilities", "Signed receipts"): what the site
 * owes its players, published daily as the root of a Merkle sum tree; each player checks their own
 * leaf in this browser (Web Crypto, src/shared/liabilities.ts); and the keys receipts are signed with.
 */
export function ProofOfLiabilitiesPage({ initial }: { initial?: ProofPageData }) {
  const list = useQuery(
    trpc.proofs.liabilities.queryOptions({ limit: LIMITS.proofPageSnapshots }, { initialData: initial?.list }),
  );
  const latest = list.data?.latest ?? null;
  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>Proof of liabilities</Title>
        <Text c="dimmed" mt="xs">
          Every day we publish what we owe our players: every balance, every prize won and not yet delivered and every withdrawal
          not yet paid, added up in a tree each player can check for their own account. Nobody else's account is shown to you, and
          your proof shows nobody else's.
        </Text>
      </div>
      {list.isLoading ? (
        <Spinner label="Loading the latest snapshot" />
      ) : !latest ? (
        <Alert color="gray" data-testid="no-snapshot">
          No snapshot has been published yet.
        </Alert>
      ) : (
        <LatestSnapshot s={latest} />
      )}
      {latest && <MyProof latest={latest} />}
      <CheckAFile />
      {list.data && list.data.history.length > 0 && <History rows={list.data.history} />}
      <Receipts initialKeys={initial?.keys} />
      <WhatItProves />
    </Stack>
  );
}

function Section({ id, title, children, testId }: { id?: string; title: string; children: ReactNode; testId?: string }) {
  return (
    <Paper
      component="section"
      id={id}
      withBorder
      p="lg"
      radius="md"
      aria-labelledby={`${id ?? testId}-title`}
      data-testid={testId}
    >
      <Stack gap="sm">
        <Title order={2} size="h3" id={`${id ?? testId}-title`}>
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

function LatestSnapshot({ s }: { s: Snapshot }) {
  return (
    <Section title="Latest snapshot" testId="latest-snapshot">
      <Text size="sm">
        Taken <DateTime value={s.takenAt} /> · {formatCount(s.leafCount)} accounts owed something
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
        {Object.entries(s.totals).map(([field, amount]) => (
          <Text key={field} size="sm" data-testid={`total-${field}`}>
            {FIELD_LABELS[field] ?? field}: <strong>{formatUsd(amount)}</strong>
          </Text>
        ))}
      </SimpleGrid>
      <Text size="sm" fw={600} data-testid="total-owed">
        Total owed to players: {formatUsd(s.total)}
      </Text>
      <Solvency s={s} />
      <Text size="sm">Root of the tree (SHA-256):</Text>
      <Code block style={WRAP} data-testid="root-hash">
        {s.rootHash}
      </Code>
      <Text size="xs" c="dimmed">
        The balances add up to our ledger at this instant ({formatUsd(s.ledger.sum)} over {s.ledger.rows} ledger rows). Open
        prizes: {s.prizesOpen}
        {s.prizesUnvalued > 0 ? `, ${s.prizesUnvalued} of them without a cash value (counted at $0)` : ""}. Proofs of this
        snapshot can be downloaded until <DateTime value={s.proofsUntil} />.
      </Text>
    </Section>
  );
}

/** Assets held for players beside the total (docs/fair-play.md "Solvency"). */
function Solvency({ s }: { s: Snapshot }) {
  const v = s.solvency;
  if (v.status === "unknown") {
    return (
      <Alert color="gray" title="Assets held for players: not known for this snapshot" data-testid="solvency">
        {v.problem ?? "The payout wallet's balance was not reported."}
      </Alert>
    );
  }
  const words = `The payout wallet held ${formatUsd(v.assets)}${v.percent ? `: ${v.percent}% of what we owe` : ""}, as ${
    v.source === "sandbox" ? "the demo payment sandbox" : "our payment provider"
  } reported it.`;
  return v.status === "warning" ? (
    <Alert color="red" title="Assets below what we owe" data-testid="solvency">
      {words} Automatic withdrawals are paused and reviewed by our team until it is covered again.
    </Alert>
  ) : (
    <Alert color="green" title="Assets held for players" data-testid="solvency">
      {words}
    </Alert>
  );
}

function CheckLines({ lines, testId }: { lines: CheckLine[]; testId: string }) {
  const ok = lines.every((l) => l.ok);
  return (
    <Alert color={ok ? "green" : "red"} title={ok ? "✓ Verified in your browser" : "✗ Does not verify"} data-testid={testId}>
      <List size="sm" spacing={2}>
        {lines.map((l) => (
          <List.Item key={l.text}>
            {l.ok ? "✓" : "✗"} {l.text}
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}

const asPublished = (s: Snapshot): PublishedRoot => ({
  id: s.id,
  rootHash: s.rootHash,
  leafCount: s.leafCount,
  totals: s.totals,
});

function MyProof({ latest }: { latest: Snapshot }) {
  const { user } = useCurrentUser();
  const queryClient = useQueryClient();
  const [busy, whileBusy] = useBusy();
  const [lines, setLines] = useState<CheckLine[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  if (!user) {
    return (
      <Section title="Check your own account" testId="my-proof">
        <Text size="sm">
          <Anchor href="/login?next=/proof-of-liabilities" underline="always">
            Sign in
          </Anchor>{" "}
          to check that your balance, prizes and withdrawals are in the published total.
        </Text>
      </Section>
    );
  }
  const check = () =>
    whileBusy(async () => {
      setError(null);
      setLines(null);
      try {
        const file = (await queryClient.fetchQuery(
          trpc.proofs.myLiabilityProof.queryOptions({ snapshot: latest.id }, { staleTime: 0 }),
        )) as LiabilityProofFile;
        setLines((await checkLiabilityProof(file, { published: asPublished(latest), accountId: user.id })).lines);
      } catch (e) {
        setError(e instanceof Error ? e.message : "The proof could not be loaded");
      }
    });
  return (
    <Section title="Check your own account" testId="my-proof">
      <Text size="sm">
        Your proof is your leaf (your amounts and a secret salt only you receive) and the sums and hashes along its path to the
        published root. Your browser recomputes every step.
      </Text>
      <Group gap="sm">
        <Button onClick={check} loading={busy} data-testid="check-my-proof">
          Check my proof in this browser
        </Button>
        <Button
          component="a"
          variant="default"
          href={`/api/user/liabilities-proof?snapshot=${encodeURIComponent(latest.id)}`}
          download={`liabilities-proof-${latest.id.slice(0, 8)}.json`}
          data-testid="download-my-proof"
        >
          Download my proof
        </Button>
      </Group>
      {error && (
        <Alert color="gray" data-testid="my-proof-error">
          {error}
        </Alert>
      )}
      {lines && <CheckLines lines={lines} testId="my-proof-result" />}
      <Text size="xs" c="dimmed">
        Or check a downloaded file yourself: <Code>npm run verify:liabilities -- proof.json --site {"<this site>"}</Code>
      </Text>
    </Section>
  );
}

/** Any proof file, checked against the snapshot it names as this site publishes it. */
function CheckAFile() {
  const [lines, setLines] = useState<CheckLine[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const onFile = async (f: File | undefined) => {
    setLines(null);
    setError(null);
    if (!f) return;
    try {
      const file = JSON.parse(await f.text()) as LiabilityProofFile;
      const res = await fetch(`/api/proof-of-liabilities/${encodeURIComponent(String(file.snapshotId))}`);
      const published = res.ok ? ((await res.json()) as PublishedRoot) : undefined;
      const result = await checkLiabilityProof(file, { published });
      setLines(
        published
          ? result.lines
          : [...result.lines, { ok: false, text: `snapshot ${String(file.snapshotId)} is not published here` }],
      );
    } catch {
      setError("That file is not a proof-of-liabilities file");
    }
  };
  return (
    <Section title="Check a proof file" testId="check-file">
      <Text size="sm">
        Choose a proof you downloaded earlier; it is checked against the snapshot it names, as published here.
      </Text>
      <input
        type="file"
        accept="application/json,.json"
        aria-label="Proof file"
        onChange={(e) => void onFile(e.target.files?.[0])}
      />
      {error && <Alert color="red">{error}</Alert>}
      {lines && <CheckLines lines={lines} testId="file-proof-result" />}
    </Section>
  );
}

function History({ rows }: { rows: Snapshot[] }) {
  return (
    <Section title="History" testId="snapshot-history">
      <DataTable
        rows={rows}
        rowKey={(r) => r.id}
        minWidth={640}
        columns={[
          { label: "Taken", cell: (r) => <DateTime value={r.takenAt} />, lead: true },
          { label: "Accounts", cell: (r) => formatCount(r.leafCount) },
          { label: "Total owed", cell: (r) => formatUsd(r.total) },
          { label: "Assets cover", cell: (r) => (r.solvency.percent ? `${r.solvency.percent}%` : "unknown") },
          { label: "Root", cell: (r) => <Code style={WRAP}>{r.rootHash.slice(0, 16)}…</Code> },
          { label: "Proofs", cell: (r) => (r.proofsAvailable ? "kept" : "expired") },
        ]}
      />
    </Section>
  );
}

function Receipts({ initialKeys }: { initialKeys?: ReceiptKeys }) {
  const keys = useQuery(trpc.receipts.keys.queryOptions(undefined, { initialData: initialKeys }));
  const [text, setText] = useState("");
  // A receipt pasted before the page's code arrived is the one checked (../common/useTypedBeforeHydration.ts).
  const input = useRef<HTMLTextAreaElement>(null);
  useFieldTypedBeforeHydration(input, text, setText);
  const [result, setResult] = useState<CheckLine[] | null>(null);
  const check = async () => {
    let receipts: SignedReceipt[];
    try {
      const parsed = JSON.parse(text) as unknown;
      const found: SignedReceipt[] = [];
      const walk = (v: unknown) => {
        if (Array.isArray(v)) v.forEach(walk);
        else if (v && typeof v === "object") {
          const o = v as Record<string, unknown>;
          if (typeof o.signature === "string" && typeof o.keyId === "string") found.push(o as unknown as SignedReceipt);
          else Object.values(o).forEach(walk);
        }
      };
      walk(parsed);
      receipts = found;
    } catch {
      setResult([{ ok: false, text: 'That is not a receipt: paste the line that starts with {"version":1' }]);
      return;
    }
    if (receipts.length === 0) {
      setResult([{ ok: false, text: "No receipt found in that text" }]);
      return;
    }
    const lines: CheckLine[] = [];
    for (const r of receipts) {
      const c = await verifyReceipt(r, keys.data?.keys ?? []);
      lines.push(
        c.ok
          ? { ok: true, text: `entry ${r.entryId}: tickets ${r.tickets}, $${r.amount}, ${r.issuedAt}, signed by key ${r.keyId}` }
          : { ok: false, text: `entry ${String(r.entryId)}: ${c.reason}` },
      );
    }
    setResult(lines);
  };
  return (
    <Section id="receipts" title="Signed receipts" testId="receipts">
      <Text size="sm">
        Every ticket purchase comes with a receipt signed by us (Ed25519) over the contest, entry, ticket numbers, amount and
        time: in the checkout answer, the receipt e-mail and your purchases. These are our public keys; a retired key still checks
        the receipts it signed.
      </Text>
      {keys.data ? (
        <DataTable
          testId="receipt-keys"
          rows={keys.data.keys}
          rowKey={(k) => k.id}
          minWidth={560}
          columns={[
            { label: "Key id", cell: (k) => <Code>{k.id}</Code>, lead: true },
            { label: "Public key (hex)", cell: (k) => <Code style={WRAP}>{k.publicKey}</Code> },
            { label: "Since", cell: (k) => <DateTime value={k.activatedAt} /> },
            { label: "Retired", cell: (k) => (k.retiredAt ? <DateTime value={k.retiredAt} /> : "current") },
          ]}
        />
      ) : (
        <Spinner size="xs" label="Loading keys" />
      )}
      <Textarea
        label="Check a receipt"
        description="Paste a receipt (the line from your e-mail starting with {) or a saved checkout answer"
        autosize
        minRows={3}
        ref={input}
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
        data-testid="receipt-input"
      />
      <Group>
        <Button onClick={() => void check()} disabled={!text.trim() || !keys.data} data-testid="check-receipt">
          Check receipt
        </Button>
      </Group>
      {result && <CheckLines lines={result} testId="receipt-result" />}
      <Text size="xs" c="dimmed">
        Offline: save{" "}
        <Anchor href="/api/receipts/keys" underline="always">
          our key list
        </Anchor>{" "}
        and run <Code>npm run verify:receipt -- receipt.json --keys keys.json</Code>
      </Text>
    </Section>
  );
}

function WhatItProves() {
  return (
    <Section title="What this proves, and what it does not" testId="what-it-proves">
      <List size="sm" spacing={4}>
        <List.Item>
          It proves that your own balance, prizes and withdrawals were counted, unchanged, in the published total, and that no
          part of the tree was made smaller to hide what is owed: every node's hash covers its children's sums, and no sum can be
          negative.
        </List.Item>
        <List.Item>
          It does not prove that every account is in the tree. We could leave an account out and make the total smaller; only the
          players who check find out. The more players check, the harder that is to hide: please check yours.
        </List.Item>
        <List.Item>
          It does not prove that we hold the money. The assets we report beside the total come from our payout wallet&apos;s
          balance as our payment provider reports it, not from an audit.
        </List.Item>
        <List.Item>
          A prize with no cash alternative is counted at $0; the number of such prizes is shown beside the totals.
        </List.Item>
      </List>
    </Section>
  );
}
