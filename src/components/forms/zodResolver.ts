import type { z } from "zod";

/**
 * @mantine/form validation from a zod schema (the same schema the server uses), written here
 * because mantine-form-zod-resolver is not a dependency. The first message per field wins.
 */
export function zodResolver<Values>(schema: z.ZodType) {
  return (values: Values): Record<string, string> => {
    const result = schema.safeParse(values);
    if (result.success) return {};
    const errors: Record<string, string> = {};
    for (const issue of result.error.issues) {
      const key = issue.path.map(String).join(".");
      if (key && !(key in errors)) errors[key] = issue.message;
    }
    return errors;
  };
}
