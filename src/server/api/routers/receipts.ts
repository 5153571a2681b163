import { rotateReceiptKeySchema } from "@/shared/schemas/receipts";
import { RECEIPT_ALGORITHM } from "@/shared/receipts";
import { listReceiptKeys, rotateReceiptKey } from "../../services/receipts";
import { adminProcedure, createTRPCRouter, publicProcedure } from "../trpc";

/** Signed receipts (docs/fair-play.md "Signed receipts"): the published keys and the admin's rotation. */
export const receiptsRouter = createTRPCRouter({
  keys: publicProcedure.query(async ({ ctx }) => ({ algorithm: RECEIPT_ALGORITHM, ...(await listReceiptKeys(ctx.db)) })),
  rotateKey: adminProcedure.input(rotateReceiptKeySchema).mutation(async ({ ctx, input }) => {
    const r = await rotateReceiptKey(ctx.db, ctx.user.id, input?.reason || null);
    return { message: `Receipts are now signed with key ${r.current}; the previous key stays published`, ...r };
  }),
});
