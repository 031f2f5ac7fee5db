import { z } from "zod/mini";
import { emailSchema, requiredText } from "./account-fields.js";

export const contactMessageSchema = z.object({
  firstName: requiredText(100),
  lastName: requiredText(100),
  email: emailSchema,
  subject: requiredText(200),
  message: requiredText(5000),
});
export type ContactMessageInput = z.infer<typeof contactMessageSchema>;

export const bugReportSchema = z.object({
  name: requiredText(200),
  email: emailSchema,
  bugDescription: requiredText(5000),
});
export type BugReportInput = z.infer<typeof bugReportSchema>;
