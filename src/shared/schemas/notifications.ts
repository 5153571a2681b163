import "./zod-config";
import { z } from "zod";

export const notificationIdSchema = z.object({ id: z.string().trim().min(1, "Notification ID required").max(64) });
