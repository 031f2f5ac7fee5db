import { describe, expect, it } from "vitest";
import { ApiError, fieldErrorText } from "./api.js";

describe("fieldErrorText", () => {
  it("drops the field's name the server puts in front, and nothing else", () => {
    const email = "Email addresses are not allowed in messages to protect user privacy";
    expect(fieldErrorText(new ApiError(400, "invalid_input", `body: ${email}`, "body"))).toBe(email);
    expect(fieldErrorText(new ApiError(400, "invalid_input", "caption: body: stays", "caption"))).toBe("body: stays");
    expect(fieldErrorText(new ApiError(413, "payload_too_large", "What you sent is too large.", "photo"))).toBe(
      "What you sent is too large.",
    );
    expect(fieldErrorText(new ApiError(429, "rate_limited", "Too many requests."))).toBe("Too many requests.");
  });
});
