"use client";

import { DrawProof } from "./DrawProof";
import {
  Anchor,
  Badge,
  Button,
  Card,
  Center,
  Code,
  Container,
  Grid,
  Group,
  Image,
  List,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Tabs,
  Text,
  Title,
  UnstyledButton,
} from "@mantine/core";
import { IconArrowLeft, IconPhoto, IconShoppingCart } from "@tabler/icons-react";
import Link from "next/link";
import { useState } from "react";
import type { PublicContest } from "@/trpc/types";
import { lineTotal } from "@/shared/cart";
import { humaniseKey, unavailableReason } from "@/shared/contest-display";
import { formatUsd } from "@/shared/money";
import { SoldProgress } from "./ContestCard";
import { QuantityStepper } from "./QuantityStepper";
import { useAddToCart } from "./useAddToCart";

function Gallery({ images, title }: { images: string[]; title: string }) {
  const [selected, setSelected] = useState(0);
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
}

export function ContestDetail({ contest: c }: { contest: PublicContest }) {
  const [quantity, setQuantity] = useState(1);
  const addToCart = useAddToCart();
  const reason = unavailableReason(c);
  const discounted = !!c.discountPercentage && c.discountPercentage > 0;
  const images = c.previewImages.length ? c.previewImages : c.imageUrl ? [c.imageUrl] : [];
  const specs = Object.entries(c.specifications);
  const left = c.maxTickets === null ? null : Math.max(0, c.maxTickets - c.soldTickets);

  return (
    <Container size="lg" py="xl">
      <Anchor component={Link} href="/" size="sm">
        <Group gap={4}>
          <IconArrowLeft size={14} /> Back to Contests
        </Group>
      </Anchor>
      <Grid mt="md" gap="xl">
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Gallery images={images} title={c.title} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Stack gap="md">
            <Group gap="xs">
              <Badge variant="light" tt="capitalize">
                {c.category.replace(/_/g, " ")}
              </Badge>
              {c.status === "active" ? <Badge color="green">Active</Badge> : <Badge color="gray">Ended</Badge>}
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
            <Group justify="space-between">
              <QuantityStepper value={quantity} onChange={setQuantity} />
              <Text fw={700} size="lg" data-testid="detail-total">
                Total: {formatUsd(lineTotal(c.ticketPrice, quantity))}
              </Text>
            </Group>
            <Button
              size="md"
              leftSection={<IconShoppingCart size={18} />}
              disabled={!!reason}
              onClick={() => addToCart(c, quantity)}
            >
              {reason ?? "Add to Cart"}
            </Button>
            {reason && (
              <Text c="red" size="sm" data-testid="unavailable-reason">
                {reason === "Sold out"
                  ? "All tickets for this contest have been sold."
                  : "Tickets can no longer be bought for this contest."}
              </Text>
            )}
            <SimpleGrid cols={2}>
              <Card withBorder padding="sm">
                <Text size="xs" c="dimmed">
                  Tickets sold
                </Text>
                <Text fw={700} data-testid="tickets-sold">
                  {c.soldTickets.toLocaleString("en-US")}
                </Text>
              </Card>
              <Card withBorder padding="sm">
                <Text size="xs" c="dimmed">
                  Tickets left
                </Text>
                <Text fw={700} data-testid="tickets-left">
                  {left === null ? "∞" : left.toLocaleString("en-US")}
                </Text>
              </Card>
            </SimpleGrid>
            <SoldProgress sold={c.soldTickets} max={c.maxTickets} />
            {c.maxTicketsPerUser !== null && (
              <Text size="sm" c="dimmed">
                Limit: {c.maxTicketsPerUser.toLocaleString("en-US")} tickets per player
              </Text>
            )}
            <Text size="sm">
              <b>Ends:</b>{" "}
              {c.endDate
                ? new Date(c.endDate).toLocaleString("en-US", { dateStyle: "full", timeStyle: "short" })
                : "No end date set"}
            </Text>
          </Stack>
        </Grid.Col>
      </Grid>

      <Tabs defaultValue="description" mt="xl">
        <Tabs.List>
          <Tabs.Tab value="description">Description</Tabs.Tab>
          <Tabs.Tab value="features">Features</Tabs.Tab>
          <Tabs.Tab value="specifications">Specifications</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="description" pt="md">
          <Text>{c.detailedDescription || "No detailed description available."}</Text>
        </Tabs.Panel>
        <Tabs.Panel value="features" pt="md">
          {c.features.length ? (
            <List>
              {c.features.map((f, i) => (
                <List.Item key={i}>{f}</List.Item>
              ))}
            </List>
          ) : (
            <Text c="dimmed">No features listed.</Text>
          )}
        </Tabs.Panel>
        <Tabs.Panel value="specifications" pt="md">
          {specs.length ? (
            <Table withTableBorder>
              <Table.Tbody>
                {specs.map(([k, v]) => (
                  <Table.Tr key={k}>
                    <Table.Th w="40%">{humaniseKey(k)}</Table.Th>
                    <Table.Td>{v}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          ) : (
            <Text c="dimmed">No specifications available.</Text>
          )}
        </Tabs.Panel>
      </Tabs>

      <Paper withBorder p="md" radius="md" mt="xl" data-testid="draw-proof">
        <Title order={2} size="h4">
          Provably fair draw
        </Title>
        <Text size="sm" c="dimmed" mt={4}>
          The draw seed was fixed when this contest opened; its SHA-256 commitment is published below. After the draw the seed is
          revealed, so anyone can recompute the winning ticket.
        </Text>
        <Text size="sm" mt="sm">
          Commitment (SHA-256):
        </Text>
        <Code block style={{ wordBreak: "break-all" }}>
          {c.drawSeedHash}
        </Code>
        {c.drawSeed ? (
          <>
            <Text size="sm" mt="sm">
              Revealed seed:
            </Text>
            <Code block style={{ wordBreak: "break-all" }}>
              {c.drawSeed}
            </Code>
            <DrawProof
              contestId={c.id}
              drawSeedHash={c.drawSeedHash}
              drawSeed={c.drawSeed}
              soldTickets={c.soldTickets}
              winningTicket={c.winningTicket}
            />
          </>
        ) : (
          <Text size="sm" mt="sm" c="dimmed">
            The seed will be revealed when the contest is drawn.
          </Text>
        )}
      </Paper>
    </Container>
  );
}

export function ContestNotFound() {
  return (
    <Container size="sm" py={80}>
      <Stack align="center">
        <Title order={1}>Contest Not Found</Title>
        <Text c="dimmed">This contest does not exist or has been removed.</Text>
        <Button component={Link} href="/">
          Back to Home
        </Button>
      </Stack>
    </Container>
  );
}
