import { Badge, Box, Card, CardSection, Container, Group, Image, SimpleGrid, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { IconBolt, IconGift, IconShieldCheck, IconStarFilled, IconTrophy, IconUsers } from "@tabler/icons-react";
import { LinkButton } from "@/components/common/links";
import { BENEFITS, LANDING_CATEGORIES, NUMBERS, SAMPLE_WINNERS, STEPS, TEASERS, TRUST_BADGES } from "./content";
import { HowItWorks } from "./HowItWorks";
import classes from "./Landing.module.css";

const TRUST_ICONS = [IconShieldCheck, IconStarFilled, IconUsers];
const BENEFIT_ICONS = [IconBolt, IconGift, IconShieldCheck];

/** Signed-out landing page: every section of docs/product.md §2 "Public landing page" (server-rendered). */
export function Landing() {
  return (
    <>
      <Box component="section" className={classes.hero} aria-labelledby="hero-title">
        <Container size="xl" py={{ base: 40, md: 72 }}>
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl" className={classes.heroGrid}>
            <Stack gap="md">
              <Badge size="lg" variant="white" color="violet" w="fit-content">
                Over 150 contests live now
              </Badge>
              <Title order={1} id="hero-title" className={classes.heroTitle}>
                Win Your Dream Car
              </Title>
              <Text size="lg" className={classes.heroText}>
                Enter prize contests for supercars, motorbikes, luxury watches and cash from just $1.79 a ticket. Pay with crypto,
                spin the Fortune Wheel free every day and take a cash alternative if you prefer.
              </Text>
              <Group gap="sm">
                <LinkButton href="/login" size="lg" color="yellow" c="dark.9">
                  Start Winning Today
                </LinkButton>
                <LinkButton href="/dream-car-competition" size="lg" variant="white" color="violet">
                  View All Contests
                </LinkButton>
              </Group>
            </Stack>
            <Image src="/images/landing/hero-car.svg" alt="A sports car on an open road at sunset" radius="lg" />
          </SimpleGrid>
        </Container>
      </Box>

      <Container size="xl" py="xl">
        <Stack gap={56}>
          <section aria-labelledby="teasers-title">
            <Title order={2} id="teasers-title" className={classes.sectionTitle}>
              Prizes Worth Playing For
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg" mt="md">
              {TEASERS.map((t) => (
                <Card key={t.title} withBorder padding="md" data-testid="teaser">
                  <CardSection>
                    <Image src={t.image} alt="" h={160} />
                  </CardSection>
                  <Title order={3} size="h4" mt="sm">
                    {t.title}
                  </Title>
                  <Text size="sm" c="gray.7">
                    {t.text}
                  </Text>
                </Card>
              ))}
            </SimpleGrid>
          </section>

          <section aria-label="Why players trust us">
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
              {TRUST_BADGES.map((b, i) => {
                const Icon = TRUST_ICONS[i]!;
                return (
                  <Group key={b.label} gap="sm" wrap="nowrap" className={classes.badge} data-testid="trust-badge">
                    <ThemeIcon size="lg" radius="xl" variant="light">
                      <Icon size={20} aria-hidden />
                    </ThemeIcon>
                    <div>
                      <Text fw={700}>{b.label}</Text>
                      <Text size="sm" c="gray.7">
                        {b.detail}
                      </Text>
                    </div>
                  </Group>
                );
              })}
            </SimpleGrid>
          </section>

          <section aria-labelledby="categories-title">
            <Title order={2} id="categories-title" className={classes.sectionTitle}>
              Choose Your Category
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg" mt="md">
              {LANDING_CATEGORIES.map((c) => (
                <Card key={c.title} withBorder padding="md" data-testid="category-card">
                  <CardSection>
                    <Image src={c.image} alt="" h={170} />
                  </CardSection>
                  <Title order={3} size="h4" mt="sm">
                    {c.title}
                  </Title>
                  <Text size="sm" c="gray.7" mb="sm">
                    {c.text}
                  </Text>
                  <LinkButton href="/login" mt="auto" fullWidth aria-label={`${c.cta}: ${c.title}`}>
                    {c.cta}
                  </LinkButton>
                </Card>
              ))}
            </SimpleGrid>
          </section>

          <section aria-labelledby="benefits-title">
            <Title order={2} id="benefits-title" className={classes.sectionTitle}>
              Why Play With Us
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg" mt="md">
              {BENEFITS.map((b, i) => {
                const Icon = BENEFIT_ICONS[i]!;
                return (
                  <Card key={b.title} withBorder padding="lg" data-testid="benefit-card">
                    <ThemeIcon size={44} radius="md" variant="light">
                      <Icon size={24} aria-hidden />
                    </ThemeIcon>
                    <Title order={3} size="h4" mt="sm">
                      {b.title}
                    </Title>
                    <Text size="sm" c="gray.7">
                      {b.text}
                    </Text>
                  </Card>
                );
              })}
            </SimpleGrid>
          </section>

          <section aria-labelledby="winners-title">
            <Title order={2} id="winners-title" className={classes.sectionTitle}>
              Recent Winners
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg" mt="md">
              {SAMPLE_WINNERS.map((w) => (
                <Card key={w.name} withBorder padding="md" data-testid="sample-winner">
                  <Group gap="sm" wrap="nowrap">
                    <ThemeIcon size={40} radius="xl" color="yellow" c="dark.9">
                      <IconTrophy size={22} aria-hidden />
                    </ThemeIcon>
                    <div>
                      <Text fw={700}>{w.name}</Text>
                      <Text size="sm">Won {w.prize}</Text>
                      <Text size="xs" c="gray.7">
                        {w.ago}
                      </Text>
                    </div>
                  </Group>
                </Card>
              ))}
            </SimpleGrid>
          </section>
        </Stack>
      </Container>

      <Box component="section" className={classes.numbers} aria-label="Our numbers">
        <Container size="xl" py="xl">
          <SimpleGrid cols={{ base: 2, md: 4 }} spacing="lg">
            {NUMBERS.map((n) => (
              <Stack key={n.label} gap={0} align="center">
                <Text className={classes.numberValue}>{n.value}</Text>
                <Text size="sm">{n.label}</Text>
              </Stack>
            ))}
          </SimpleGrid>
        </Container>
      </Box>

      <Container size="xl" py="xl">
        <Stack gap={56}>
          <HowItWorks steps={STEPS} headingId="steps-title" columns={{ base: 1, xs: 2, md: 4 }} />

          <Box component="section" className={classes.cta} aria-labelledby="cta-title">
            <Stack align="center" gap="md" ta="center">
              <Title order={2} id="cta-title">
                Ready to Win Your Dream Car?
              </Title>
              <Text maw={560}>
                Join over 500,000 winners. Sign up free, claim your daily spin and enter your first contest today.
              </Text>
              <Group justify="center" gap="sm">
                <LinkButton href="/login" size="md" color="yellow" c="dark.9">
                  Get Started Now
                </LinkButton>
                <LinkButton href="/dream-car-competition" size="md" variant="white" color="violet">
                  Browse Competitions
                </LinkButton>
              </Group>
            </Stack>
          </Box>
        </Stack>
      </Container>
    </>
  );
}
