import { Badge, Box, Card, CardSection, Container, Group, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { IconClock, IconTicket, IconTrophy, IconUsers } from "@tabler/icons-react";
import { LinkButton } from "@/components/common/links";
import { FallbackImage } from "./FallbackImage";
import { HowItWorks } from "./HowItWorks";
import { CtaBanner, CtaButtons, LandingSection, PageHero, RecentWinners } from "./Sections";

const FEATURED = {
  title: "V10 Supercar Grand Prize",
  category: "Sports Car",
  value: "$250,000",
  ticketPrice: "$3.99",
  timeLeft: "3 days left",
  participants: "12,480",
  image: "/images/contests/supercar-red.svg",
};

const COMPETITIONS = [
  {
    title: "Luxury SUV Collection",
    category: "SUV",
    value: "$120,000",
    ticketPrice: "$2.49",
    timeLeft: "5 days left",
    participants: "8,215",
    image: "/images/contests/suv-black.svg",
  },
  {
    title: "Electric Performance Sedan",
    category: "Electric",
    value: "$95,000",
    ticketPrice: "$1.99",
    timeLeft: "2 days left",
    participants: "6,930",
    image: "/images/contests/electric-blue.svg",
  },
  {
    title: "Classic Roadster Restoration",
    category: "Classic",
    value: "$140,000",
    ticketPrice: "$2.99",
    timeLeft: "9 days left",
    participants: "4,102",
    image: "/images/contests/classic-green.svg",
  },
  {
    title: "Superbike Track Edition",
    category: "Motorcycle",
    value: "$38,000",
    ticketPrice: "$1.49",
    timeLeft: "1 day left",
    participants: "3,587",
    image: "/images/contests/superbike.svg",
  },
];

const WINNERS = [
  { name: "Oliver P.", prize: "Electric Sports Coupe", ago: "3 days ago" },
  { name: "Hannah W.", prize: "Luxury SUV", ago: "1 week ago" },
  { name: "Mateo G.", prize: "$80,000 Cash Alternative", ago: "2 weeks ago" },
];

const STEPS = [
  { title: "Sign Up", text: "Create your free account in seconds." },
  { title: "Add Funds", text: "Top up with BTC, ETH, USDT or BNB." },
  { title: "Pick Tickets", text: "Choose your competition and how many tickets." },
  { title: "Win Big", text: "Monthly draws: the car, Competition Credit or a cash alternative." },
];

function Facts({ c }: { c: { value: string; ticketPrice: string; timeLeft: string; participants: string } }) {
  return (
    <SimpleGrid cols={2} spacing={6} verticalSpacing={6}>
      <Group gap={6} wrap="nowrap">
        <IconTrophy size={16} aria-hidden />
        <Text size="sm">Value {c.value}</Text>
      </Group>
      <Group gap={6} wrap="nowrap">
        <IconTicket size={16} aria-hidden />
        <Text size="sm">{c.ticketPrice} per ticket</Text>
      </Group>
      <Group gap={6} wrap="nowrap">
        <IconClock size={16} aria-hidden />
        <Text size="sm">{c.timeLeft}</Text>
      </Group>
      <Group gap={6} wrap="nowrap">
        <IconUsers size={16} aria-hidden />
        <Text size="sm">{c.participants} entered</Text>
      </Group>
    </SimpleGrid>
  );
}

/** /dream-car-competition: featured and sample competitions (docs/product.md §2); images fall back to a labelled placeholder. */
export function DreamCarCompetition() {
  return (
    <>
      <PageHero
        headingId="competition-title"
        title="Dream Car Competitions"
        text="Premium cars worth $50,000 and above, drawn every month. Tickets from $1.49 to $3.99, and a cash alternative of up to $800,000 instead of the prize."
      >
        <CtaButtons
          size="lg"
          primary={{ href: "/signup", label: "Enter Now" }}
          secondary={{ href: "/dream-car", label: "Explore Dream Cars" }}
        />
      </PageHero>
      <Container size="xl" py="xl">
        <Stack gap={56}>
          <LandingSection headingId="featured-title" title="Featured Competition">
            <Card withBorder padding="lg" mt="md" data-testid="featured-competition">
              <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
                <Box style={{ borderRadius: 8, overflow: "hidden" }}>
                  <FallbackImage src={FEATURED.image} alt={FEATURED.title} label={FEATURED.category} height={260} />
                </Box>
                <Stack gap="sm">
                  <Badge color="yellow" c="dark.9" w="fit-content">
                    Premium Featured
                  </Badge>
                  <Title order={3}>{FEATURED.title}</Title>
                  <Facts c={FEATURED} />
                  <LinkButton href="/signup" size="md" w="fit-content">
                    Get Tickets
                  </LinkButton>
                </Stack>
              </SimpleGrid>
            </Card>
          </LandingSection>

          <LandingSection headingId="competitions-title" title="Live Competitions" cols={{ base: 1, sm: 2, lg: 4 }}>
            {COMPETITIONS.map((c) => (
              <Card key={c.title} withBorder padding="md" data-testid="competition-card">
                <CardSection>
                  <FallbackImage src={c.image} alt={c.title} label={c.category} height={160} />
                </CardSection>
                <Badge mt="sm" w="fit-content">
                  {c.category}
                </Badge>
                <Title order={3} size="h4" mt={6} mb="xs">
                  {c.title}
                </Title>
                <Facts c={c} />
                <LinkButton href="/signup" mt="md" fullWidth aria-label={`Enter Now: ${c.title}`}>
                  Enter Now
                </LinkButton>
              </Card>
            ))}
          </LandingSection>

          <RecentWinners headingId="competition-winners-title" winners={WINNERS} />

          <HowItWorks steps={STEPS} headingId="how-it-works-title" sectionId="how-it-works" columns={{ base: 1, xs: 2, md: 4 }} />

          <CtaBanner headingId="competition-cta" title="Don't Miss the Next Draw">
            <CtaButtons
              size="md"
              centred
              primary={{ href: "/signup", label: "Sign Up & Enter" }}
              secondary={{ href: "/dream-car", label: "Browse Dream Cars" }}
            />
          </CtaBanner>
        </Stack>
      </Container>
    </>
  );
}
