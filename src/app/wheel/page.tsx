import { Container } from "@mantine/core";
import type { Metadata } from "next";
import { WheelGame } from "@/components/wheel/WheelGame";

export const metadata: Metadata = {
  title: "Fortune Wheel",
  description: "Spin the Fortune Wheel once a day for free. Extra spins $0.001; win $0.02, $0.05 or the $0.10 jackpot.",
};

export default function WheelPage() {
  return (
    <Container size="lg" py="xl">
      <WheelGame />
    </Container>
  );
}
