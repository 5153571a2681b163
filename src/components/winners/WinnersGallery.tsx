import { Anchor, Badge, Card, CardSection, Container, Group, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { LinkButton } from "@/components/common/links";
import type { PublicWinnerPost } from "@/trpc/types";
import { formatCalendarDay } from "@/shared/format";

/** /winners: published winner posts (docs/product.md §2, Winners gallery), server-rendered. */
export function WinnersGallery({ posts, olderHref = null }: { posts: PublicWinnerPost[]; olderHref?: string | null }) {
  return (
    <Container size="xl" py="xl">
      <Stack gap="lg">
        <Stack gap={4} align="center" ta="center">
          <Title order={1}>Our Winners</Title>
          <Text c="gray.7">Real players, real prizes. Congratulations to every one of them!</Text>
        </Stack>
        {posts.length === 0 ? (
          <Stack align="center" gap={4} py="xl" ta="center" data-testid="winners-empty">
            <Title order={2} size="h3">
              No Winners Yet
            </Title>
            <Text c="gray.7">Check back soon to see our amazing winners!</Text>
          </Stack>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg" data-testid="winners-grid">
            {posts.map((p) => (
              <Card key={p.id} withBorder padding="md" component="article" data-testid="winner-card">
                <CardSection>
                  <img
                    src={p.imageUrl || "/images/placeholder.svg"}
                    alt={`${p.winnerName}: ${p.title}`}
                    style={{ display: "block", width: "100%", height: 200, objectFit: "cover" }}
                  />
                </CardSection>
                <Stack gap={6} mt="sm">
                  <Group justify="space-between" gap="xs">
                    <Text fw={700}>{p.winnerName}</Text>
                    {p.winAmount && (
                      <Badge color="yellow" c="dark.9">
                        {p.winAmount}
                      </Badge>
                    )}
                  </Group>
                  <Title order={2} size="h4" lineClamp={2}>
                    {p.title}
                  </Title>
                  <Text size="sm" c="gray.7">
                    {p.contestTitle} · <time dateTime={new Date(p.winDate).toISOString()}>{formatCalendarDay(p.winDate)}</time>
                  </Text>
                  <Text size="sm" lineClamp={3}>
                    {p.description}
                  </Text>
                  {/* Only a contest drawn here has a trail (a post may name one that is not: older or demo posts). */}
                  {p.hasTrail && (
                    <Anchor href={`/prize-trail/${encodeURIComponent(p.contestId)}`} size="sm" data-testid="prize-trail-link">
                      Prize delivery trail
                    </Anchor>
                  )}
                  {p.socialMediaLinks.length > 0 && (
                    <Group gap="sm">
                      {p.socialMediaLinks.map((url, i) => (
                        <Anchor key={`${i}-${url}`} href={url} target="_blank" rel="noopener noreferrer nofollow" size="sm">
                          Link {i + 1}
                        </Anchor>
                      ))}
                    </Group>
                  )}
                </Stack>
              </Card>
            ))}
          </SimpleGrid>
        )}
        <Group justify="center">
          {olderHref && (
            <LinkButton href={olderHref} size="md" variant="light" data-testid="older-winners">
              Older winners
            </LinkButton>
          )}
          <LinkButton href="/" size="md">
            View Contests
          </LinkButton>
        </Group>
      </Stack>
    </Container>
  );
}
