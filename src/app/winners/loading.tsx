import { Center, Loader } from "@mantine/core";

export default function WinnersLoading() {
  return (
    <Center py={80}>
      <Loader aria-label="Loading winners" />
    </Center>
  );
}
