import { describe, expect, it } from "vitest";
import { signUpSchema } from "../../shared/schemas/auth.js";
import { passwordPairSchema } from "../../shared/schemas/auth.js";
import { zodResolver } from "./zod-resolver.js";

const resolve = <S extends Parameters<typeof zodResolver>[0]>(schema: S, values: Record<string, unknown>) =>
  zodResolver(schema)(values as never, undefined, { fields: {}, shouldUseNativeValidation: false });

describe("the form resolver over the shared schemas", () => {
  it("passes the parsed values through when the form is valid", async () => {
    const result = await resolve(signUpSchema, {
      username: "KindPerson",
      email: "Kind@Example.TEST",
      password: "long enough",
      country: "CA",
    });
    expect(result.errors).toEqual({});
    expect(result.values).toMatchObject({ username: "KindPerson", country: "CA" });
  });

  it("gives each invalid field its first issue, as a message key", async () => {
    const result = await resolve(signUpSchema, { username: "x", email: "not an email", password: "short", country: "" });
    expect(Object.keys(result.errors).sort()).toEqual(["country", "email", "password", "username"]);
    for (const error of Object.values(result.errors) as { message: string }[]) expect(error.message).toMatch(/^validation\.\w+$/);
  });

  it("puts an object-level issue on the field its path names", async () => {
    const result = await resolve(passwordPairSchema, { password: "long enough 1", confirmPassword: "long enough 2" });
    expect(Object.keys(result.errors)).toEqual(["confirmPassword"]);
  });
});
