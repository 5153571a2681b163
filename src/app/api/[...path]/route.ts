import { handleRestRequest } from "@/server/rest/handler";

export const dynamic = "force-dynamic";

const handler = (req: Request) => handleRestRequest(req);
export { handler as GET, handler as POST, handler as PUT, handler as DELETE, handler as PATCH };
