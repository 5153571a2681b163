"use client";

import { PlainTable } from "../common/DataTable";
import {
  Anchor,
  Badge,
  Button,
  Card,
  Center,
  Container,
  Group,
  Image,
  List,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from "@mantine/core";
import { IconArrowLeft, IconPhoto, IconShoppingCart } from "@tabler/icons-react";
import { IntentLink } from "@/components/common/links";
import { lazy, memo, Suspense, useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { trpc } from "@/trpc/react";
import type { PublicContest } from "@/trpc/types";
import { humaniseKey } from "@/shared/contest-display";
import { formatUsd } from "@/shared/money-format";
import { type PurchaseBlocker, purchaseBlocker } from "@/shared/purchase-rules";
import { BundleOffers, LineTotal } from "../common/BundlePrice";
import { ContestStats } from "./ContestStats";
import { FreeEntryRoute } from "./FreeEntryRoute";
import { QuantityStepper } from "../common/QuantityStepper";
import { OnlineFreeEntry } from "./OnlineFreeEntry";
import { SupportLinks } from "../common/SupportLinks";
import { SKILL_LOCKED_LABEL, SkillLockText, SkillQuestion } from "./SkillQuestion";
import { useSkillLocks } from "../common/useSkillLocks";
import { useAddToCart } from "./useAddToCart";
import { FollowLiveContests } from "./useLiveContests";
import { DateTime } from "@/components/common/useTimeZone";
import { DeferredSection } from "../common/DeferredSection";
import { formatCount } from "@/shared/format";
import { RestrictionText, restrictionLabel, usePlayerStanding } from "../common/PlayerStanding";
import tap from "../common/TapTarget.module.css";
import { LightTabs } from "../common/LightTabs";
import classes from "./ContestDetail.module.css";

/** Memoised, as every section below: the player's own data arriving re-renders only the buy panel. */
const Gallery = memo(function Gallery({
  previewImages,
  imageUrl,
  title,
}: {
  previewImages: string[];
  imageUrl: string | null;
  title: string;
}) {
  const [selected, setSelected] = useState(0);
  const images = previewImages.length ? previewImages : imageUrl ? [imageUrl] : [];
  if (images.length === 0) {
    return (
      <Paper withBorder h={360} radius="md">
        <Center h="100%">
          <Stack align="center" gap={4} c="dimmed">
            <IconPhoto size={40} />
            <Text>No preview image</Text>
          </Stack>
        </Center>
      </Paper>
    );
  }
  const current = images[Math.min(selected, images.length - 1)]!;
  return (
    <Stack gap="sm">
      <Image src={current} alt={title} h={360} radius="md" fit="cover" fallbackSrc="/images/placeholder.svg" />
      {images.length > 1 && (
        <Group gap="xs">
          {images.map((src, i) => (
            <UnstyledButton
              key={`${src}-${i}`}
              onClick={() => setSelected(i)}
              aria-label={`Show image ${i + 1}`}
              aria-pressed={i === selected}
              style={{
                borderRadius: 6,
                outline: i === selected ? "2px solid var(--mantine-color-blue-6)" : "1px solid var(--mantine-color-gray-3)",
              }}
            >
              <Image src={src} alt="" w={72} h={54} radius="sm" fit="cover" fallbackSrc="/images/placeholder.svg" />
            </UnstyledButton>
          ))}
        </Group>
      )}
    </Stack>
  );
});

/**
 * Pick-your-numbers contests only: the grid, its pager and lucky dip are a chunk of their own, so
 * every other contest page loads none of it. The placeholder holds about its height.
 */
const NumberPicker = lazy(() => import("./NumberPicker").then((m) => ({ default: m.NumberPicker })));
const NUMBER_PICKER_HEIGHT = 560;

/** Instant prizes, the live draw and the proof (./ContestProofSections.tsx): a chunk of their own. */
const ContestProofSections = lazy(() => import("./ContestProofSections").then((m) => ({ default: m.ContestProofSections })));
/** About the proof sections' height on a phone, so the page's length barely moves when they arrive. */
const PROOF_SECTIONS_HEIGHT = 640;

export function ContestDetail({ contest: initial }: { contest: PublicContest }) {
  // The server render seeds the query; sales, draws and edits refresh it live.
  const c = useQuery(trpc.contests.byId.queryOptions({ id: initial.id }, { initialData: initial })).data ?? initial;
  return (
    <Container size="lg" py="xl">
      <FollowLiveContests />
      <Anchor component={IntentLink} href="/" size="sm" className={tap.link}>
        <Group gap={4}>
          <IconArrowLeft size={14} /> Back to Contests
        </Group>
      </Anchor>
      <SimpleGrid mt="md" cols={{ base: 1, md: 2 }} spacing="xl">
        <Gallery previewImages={c.previewImages} imageUrl={c.imageUrl} title={c.title} />
        <BuyPanel c={c} />
      </SimpleGrid>
      <ContestTabs detailedDescription={c.detailedDescription} features={c.features} specifications={c.specifications} />
      {/* Below the fold: the page hydrates and answers the player before this code even loads. */}
      <DeferredSection minHeight={PROOF_SECTIONS_HEIGHT} testId="proof-sections-placeholder">
        <ContestProofSections contestId={c.id} endDate={c.endDate} cancelled={c.status === "cancelled"} />
      </DeferredSection>
    </Container>
  );
}

/**
 * What the player can do here: quantity, skill question, Add to Cart or the reason they cannot,
 * and the figures that move with each sale. Only `PlayerActions` reads the player's own data
 * (standing, skill locks, the user), so each answer about the player re-renders that part alone,
 * not the panel's price, offers, free entry and figures (`npm run bench:main-thread`).
 */
const BuyPanel = memo(function BuyPanel({ c }: { c: PublicContest }) {
  const [quantity, setQuantity] = useState(1);
  const [answer, setAnswer] = useState<number | undefined>(undefined);
  // The same rule checkout applies on the server (src/shared/purchase-rules.ts).
  const blocker = purchaseBlocker(c, quantity);
  const closed = blocker !== null && blocker.code !== "not_enough_left";
  return (
    <Stack gap="md">
      <ContestHeading c={c} />
      {!closed && !c.pickNumbers && (
        <Group justify="space-between">
          <QuantityStepper value={quantity} onChange={setQuantity} />
          <LineTotal c={c} quantity={quantity} testId="detail-total" prefix="Total: " size="lg" />
        </Group>
      )}
      {!closed && <BundleOffers tiers={c.bundleTiers} ticketPrice={c.ticketPrice} quantity={quantity} onPick={setQuantity} />}
      <PlayerActions c={c} quantity={quantity} answer={answer} onAnswer={setAnswer} blocker={blocker} />
      {!blocker && <FreeEntryRoute hasQuestion={!!c.skillQuestion} />}
      <ContestFigures c={c} closed={closed} />
    </Stack>
  );
});

/** Category, status, title, description, price and cash alternative. */
const ContestHeading = memo(function ContestHeading({ c }: { c: PublicContest }) {
  const cancelled = c.status === "cancelled";
  const discounted = !!c.discountPercentage && c.discountPercentage > 0;
  return (
    <>
      <Group gap="xs">
        <Badge tt="capitalize">{c.category.replace(/_/g, " ")}</Badge>
        {c.status === "active" ? (
          <Badge color="green">Active</Badge>
        ) : cancelled ? (
          <Badge color="red">Cancelled</Badge>
        ) : (
          <Badge color="gray">Ended</Badge>
        )}
      </Group>
      <Title order={1}>{c.title}</Title>
      <Text>{c.detailedDescription || c.description}</Text>
      <Group gap="sm" align="baseline">
        <Text fw={800} size="xl" fz={32}>
          {formatUsd(c.ticketPrice)}
        </Text>
        {discounted && c.originalPrice && (
          <Text td="line-through" c="dimmed">
            {formatUsd(c.originalPrice)}
          </Text>
        )}
        {discounted && <Badge color="red">{c.discountPercentage}% OFF</Badge>}
        <Text c="dimmed" size="sm">
          per ticket
        </Text>
      </Group>
      {c.cashAlternative && (
        <Paper withBorder p="sm" radius="md" bg="teal.0">
          <Text fw={600}>Cash Alternative</Text>
          <Text size="sm">Prefer cash? Take {formatUsd(c.cashAlternative)} instead of the prize.</Text>
        </Paper>
      )}
    </>
  );
});

/**
 * The part that depends on who is buying: the skill question or its lock, the picker or Add to Cart
 * (or why not), and the automatic and online free entries.
 */
function PlayerActions({
  c,
  quantity,
  answer,
  onAnswer,
  blocker,
}: {
  c: PublicContest;
  quantity: number;
  answer: number | undefined;
  onAnswer: (answer: number) => void;
  blocker: PurchaseBlocker | null;
}) {
  const addToCart = useAddToCart();
  // The player's own standing (self-excluded, limit used up, age undeclared), from the server.
  const standing = usePlayerStanding();
  const restricted = !blocker && standing && !standing.mayBuy ? standing.restriction : null;
  // A wrong answer locks the question for a while: said here, with until when, before any click.
  const lockedUntil = useSkillLocks(c.skillQuestion ? [c.id] : []).get(c.id) ?? null;
  return (
    <>
      {c.skillQuestion && !blocker && !lockedUntil && (
        <SkillQuestion question={c.skillQuestion} value={answer} onChange={onAnswer} />
      )}
      {lockedUntil && !blocker && <SkillLockText until={lockedUntil} />}
      {c.pickNumbers && !blocker && !restricted && !lockedUntil ? (
        <Suspense fallback={<Skeleton h={NUMBER_PICKER_HEIGHT} radius="md" data-testid="number-picker-loading" />}>
          <NumberPicker contest={c} answerIndex={answer} />
        </Suspense>
      ) : (
        <Button
          size="md"
          leftSection={<IconShoppingCart size={18} />}
          disabled={!!blocker || !!restricted || !!lockedUntil}
          onClick={() => addToCart(c, quantity, answer)}
        >
          {blocker?.label ?? (restricted ? restrictionLabel(restricted) : lockedUntil ? SKILL_LOCKED_LABEL : "Add to Cart")}
        </Button>
      )}
      {restricted && (
        <Text c="orange" size="sm" data-testid="restricted-reason">
          <RestrictionText restriction={restricted} />
        </Text>
      )}
      {blocker && (
        <Text c="red" size="sm" data-testid="unavailable-reason">
          {blocker.detail}
        </Text>
      )}
      {!blocker && !restricted && (
        // A standing order of this contest (docs/retention.md "Auto-entry"): the form opens with it chosen.
        <Anchor component={IntentLink} href={`/auto-entry?contest=${c.id}`} size="sm" data-testid="enter-automatically">
          Enter automatically
        </Anchor>
      )}
      {!blocker && !lockedUntil && c.onlineFreeEntry && <OnlineFreeEntry contest={c} answerIndex={answer} />}
    </>
  );
}

/** Tickets sold and left (or refunded), progress and countdown, the per-player limit, the end, support. */
const ContestFigures = memo(function ContestFigures({ c, closed }: { c: PublicContest; closed: boolean }) {
  const left = c.maxTickets === null ? null : Math.max(0, c.maxTickets - c.soldTickets);
  return (
    <>
      {c.status === "cancelled" ? (
        // Its tickets were refunded: counting them as sold would mislead.
        <Text size="sm" c="dimmed" data-testid="tickets-refunded">
          {formatCount(c.soldTickets)} ticket{c.soldTickets === 1 ? "" : "s"} refunded
        </Text>
      ) : (
        <>
          <SimpleGrid cols={2}>
            <Card withBorder padding="sm">
              <Text size="xs" c="dimmed">
                Tickets sold
              </Text>
              <Text fw={700} data-testid="tickets-sold">
                {formatCount(c.soldTickets)}
              </Text>
            </Card>
            <Card withBorder padding="sm">
              <Text size="xs" c="dimmed">
                Tickets left
              </Text>
              <Text fw={700} data-testid="tickets-left">
                {left === null ? "∞" : formatCount(left)}
              </Text>
            </Card>
          </SimpleGrid>
          <ContestStats sold={c.soldTickets} max={c.maxTickets} endDate={closed ? null : c.endDate} />
        </>
      )}
      {c.maxTicketsPerUser !== null && (
        <Text size="sm" c="dimmed">
          Limit: {formatCount(c.maxTicketsPerUser)} tickets per player
        </Text>
      )}
      <Text size="sm" data-testid="contest-ends">
        <b>Ends:</b> {c.endDate ? <DateTime value={c.endDate} style="long" /> : "No end date set"}
      </Text>
      <SupportLinks compact />
    </>
  );
});

const ContestTabs = memo(function ContestTabs({
  detailedDescription,
  features,
  specifications,
}: Pick<PublicContest, "detailedDescription" | "features" | "specifications">) {
  const specs = Object.entries(specifications);
  return (
    <LightTabs
      defaultValue="description"
      className={classes.tabs}
      tabs={[
        {
          value: "description",
          label: "Description",
          panel: <Text>{detailedDescription || "No detailed description available."}</Text>,
        },
        {
          value: "features",
          label: "Features",
          panel: features.length ? (
            <List>
              {features.map((f, i) => (
                <List.Item key={i}>{f}</List.Item>
              ))}
            </List>
          ) : (
            <Text c="dimmed">No features listed.</Text>
          ),
        },
        {
          value: "specifications",
          label: "Specifications",
          panel: specs.length ? (
            <PlainTable withTableBorder>
              <tbody>
                {specs.map(([k, v]) => (
                  <tr key={k}>
                    <th style={{ width: "40%" }}>{humaniseKey(k)}</th>
                    <td>{v}</td>
                  </tr>
                ))}
              </tbody>
            </PlainTable>
          ) : (
            <Text c="dimmed">No specifications available.</Text>
          ),
        },
      ]}
    />
  );
});

export function ContestNotFound() {
  return (
    <Container size="sm" py={80}>
      <Stack align="center">
        <Title order={1}>Contest Not Found</Title>
        <Text c="dimmed">This contest does not exist or has been removed.</Text>
        <Button component={IntentLink} href="/">
          Back to Home
        </Button>
      </Stack>
    </Container>
  );
}
