/** Types of src/server/edge/node-version.mjs (plain JS: it must run on any Node to say which one is needed). */
export function lowestAllowed(range: string | undefined): [number, number, number] | null;
export function nodeVersionProblem(version: string, range: string | undefined): string | null;
