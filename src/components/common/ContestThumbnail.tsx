import { Image } from "@mantine/core";

const PLACEHOLDER = "/images/placeholder.svg";

/** A contest's picture as a small square beside its line (cart, purchases); the placeholder when it has none or fails. */
export function ContestThumbnail({ src }: { src: string | null | undefined }) {
  return <Image src={src ?? PLACEHOLDER} alt="" w={64} h={64} radius="sm" fallbackSrc={PLACEHOLDER} />;
}
