import { Box, Container, Group, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { LinkAnchor } from "@/components/layout/links";
import { CATEGORY_LABELS, CONTEST_CATEGORIES, CRYPTO_CURRENCIES, CRYPTO_LABELS } from "@/shared/constants";
import classes from "./Footer.module.css";
import { categoryHref } from "./nav";

/** SPEC.md leaves the platform links' targets open; these go where a visitor would expect. */
const PLATFORM_LINKS = [
  { label: "How it Works", href: "/dream-car-competition#how-it-works" },
  { label: "Recent Winners", href: "/winners" },
  { label: "Payment Methods", href: "#payment-methods" },
  { label: "Help Center", href: "/dream-car#how-it-works" },
  { label: "Contact Support", href: "/login" },
];

/** Site footer (server-rendered): categories, platform links, payment tiles and legal labels. */
export function Footer() {
  return (
    <footer className={classes.footer}>
      <Container size="xl" py="xl">
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="xl">
          <Stack gap="xs">
            <Group gap="xs">
              <img src="/logo.svg" alt="" width={28} height={28} />
              <Text fw={800}>Prize Contests</Text>
            </Group>
            <Text size="sm" className={classes.muted}>
              Win dream cars, bikes, watches, houses and cash. Tickets from $1.79, paid with crypto.
            </Text>
          </Stack>
          <nav aria-labelledby="footer-categories">
            <Title order={2} size="h5" id="footer-categories" mb="xs">
              Categories
            </Title>
            <Stack gap={6}>
              {CONTEST_CATEGORIES.map((c) => (
                <LinkAnchor key={c} href={categoryHref(c)} size="sm" className={classes.link}>
                  {CATEGORY_LABELS[c]}
                </LinkAnchor>
              ))}
            </Stack>
          </nav>
          <nav aria-labelledby="footer-platform">
            <Title order={2} size="h5" id="footer-platform" mb="xs">
              Platform
            </Title>
            <Stack gap={6}>
              {PLATFORM_LINKS.map((l) => (
                <LinkAnchor key={l.label} href={l.href} size="sm" className={classes.link}>
                  {l.label}
                </LinkAnchor>
              ))}
            </Stack>
          </nav>
          <div id="payment-methods">
            <Title order={2} size="h5" mb="xs">
              Payment Methods
            </Title>
            <SimpleGrid cols={2} spacing="xs">
              {CRYPTO_CURRENCIES.map((c) => (
                <Box key={c} className={classes.tile} data-testid="payment-tile">
                  <Text fw={800} size="sm">
                    {c}
                  </Text>
                  <Text size="xs" className={classes.muted}>
                    {CRYPTO_LABELS[c]}
                  </Text>
                </Box>
              ))}
            </SimpleGrid>
          </div>
        </SimpleGrid>
        <Group justify="space-between" mt="xl" pt="md" className={classes.bottom} gap="sm">
          <Text size="xs" className={classes.muted}>
            © {new Date().getFullYear()} Prize Contests. Play responsibly, 18+.
          </Text>
          <Group gap="md">
            <Text size="xs" className={classes.muted}>
              Privacy Policy
            </Text>
            <Text size="xs" className={classes.muted}>
              Terms of Service
            </Text>
            <Text size="xs" className={classes.muted}>
              Responsible Gaming
            </Text>
          </Group>
        </Group>
      </Container>
    </footer>
  );
}
