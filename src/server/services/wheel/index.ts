// The Fortune Wheel service, in three parts: configuration, provably fair seeds, and spins.
export * from "./config";
export * from "./seeds";
export * from "./spin";
