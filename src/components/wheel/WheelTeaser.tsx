import { Badge, Button, Card, Group, Stack, Text, Title } from "@mantine/core";
import Link from "next/link";

/** Signed-in home teaser (docs/product.md §2): one free spin a day, extra spins $0.001, the prizes. */
export function WheelTeaser() {
  return (
    <Card withBorder radius="md" p="lg" bg="var(--mantine-color-grape-0)" data-testid="wheel-teaser">
      <Group justify="space-between" wrap="wrap">
        <Stack gap={6}>
          <Title order={2} size="h3">
            Fortune Wheel
          </Title>
          <Text>One free spin per day. Extra spins only $0.001.</Text>
          <Group gap="xs">
            <Badge color="green" size="lg">
              $0.02
            </Badge>
            <Badge color="yellow" size="lg">
              Try Again
            </Badge>
            <Badge color="blue" size="lg">
              $0.05
            </Badge>
            <Badge color="grape" size="lg">
              $0.10 Jackpot
            </Badge>
          </Group>
        </Stack>
        <Button component={Link} href="/wheel" size="md" color="grape">
          Spin the Wheel
        </Button>
      </Group>
    </Card>
  );
}
