import { AuthPageObject } from "./support/auth-page.js";
import { confirmedUser, expect, expectAccessible, linkFromOutbox, newUser, test } from "./support/fixtures.js";

test("sign up, confirm from the outbox, sign in, onboard, see the profile", async ({ page, request }) => {
  const user = newUser();
  const auth = new AuthPageObject(page);
  await page.goto("/");
  await expectAccessible(page);
  await page.getByRole("link", { name: "Create an account" }).click();
  await expectAccessible(page);
  await auth.signUp(user);

  await page.goto(await linkFromOutbox(request, user.email, "/auth/confirm"));
  await expect(page.getByRole("heading", { name: "Email confirmed!" })).toBeVisible();
  // The link signed the newcomer in.
  await expect(page.getByText("Your account is active and you are signed in. Welcome to Kindly!")).toBeVisible();
  await expectAccessible(page);
  await page.getByRole("link", { name: "Continue" }).click();
  await expect(page).toHaveURL(/\/onboarding$/);
  await expect(page.getByRole("heading", { name: "Welcome to Kindly" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Back" })).toBeDisabled();
  await expectAccessible(page);
  for (const heading of ["How it works", "The scanner", "What you can do"]) {
    await page.getByRole("button", { name: "Next" }).click();
    await expect(page.getByRole("heading", { name: heading })).toBeVisible();
  }
  await page.getByRole("button", { name: "Get started" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("heading", { name: `Hello, ${user.username}!` })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Register your organization" })).toBeVisible();

  await page.getByRole("navigation", { name: "Main navigation" }).getByRole("link", { name: "Profile" }).click();
  await expect(page.getByRole("heading", { name: user.username, level: 1 })).toBeVisible();
  await expect(page.getByText(user.email)).toBeVisible();
  await expect(page.getByText(/Canada/)).toBeVisible();
  await expectAccessible(page);

  // Onboarding is done: going back there sends the user home.
  await page.goto("/onboarding");
  await expect(page).toHaveURL(/\/$/);
});

test("a scan that needs sign-in comes back to the scan with its four parameters", async ({ page, request }) => {
  const user = await confirmedUser(request);
  await page.goto("/auth?org=org1&loc=loc1&type=virtual&name=Caf%C3%A9%20Soleil");
  await expect(page.getByText("Sign in to scan QR codes and record acts of kindness", { exact: false })).toBeVisible();
  await new AuthPageObject(page).signIn(user.email, user.password);
  await expect(page).toHaveURL(/\/scan-qr\?org=org1&loc=loc1&type=virtual&name=Caf%C3%A9\+Soleil$/);
});

test("reset a forgotten password", async ({ page, request }) => {
  const user = await confirmedUser(request);
  await page.goto("/auth");
  await new AuthPageObject(page).openHelp("Forgot your password?");
  await expectAccessible(page);
  await page.getByLabel("Email").fill(user.email);
  await page.getByRole("button", { name: "Send the reset link" }).click();
  await expect(page.getByRole("heading", { name: "Check your email" })).toBeVisible();

  await page.goto("/reset-password");
  await expect(page.getByText("Invalid or missing reset tokens. Please request a new password reset link.")).toBeVisible();

  await page.goto(await linkFromOutbox(request, user.email, "/reset-password"));
  await expectAccessible(page);
  await page.getByRole("button", { name: "Update my password" }).click();
  await expect(page.getByText("Please fill in both password fields")).toBeVisible();
  await page.getByLabel("New password", { exact: true }).fill("a fresh new secret");
  await page.getByLabel("Confirm the new password").fill("a different secret");
  await page.getByRole("button", { name: "Update my password" }).click();
  await expect(page.getByText("Passwords do not match")).toBeVisible();
  await page.getByLabel("Confirm the new password").fill("a fresh new secret");
  await page.getByRole("button", { name: "Update my password" }).click();

  // On to the profile, which asks to sign in with the new password first.
  await expect(page).toHaveURL(/\/auth\?redirect=%2Fprofile$/);
  await new AuthPageObject(page).signIn(user.email, "a fresh new secret");
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole("heading", { name: user.username, level: 1 })).toBeVisible();
});

test("recover a forgotten email by username and move to a new address", async ({ page, request }) => {
  const user = await confirmedUser(request);
  const newEmail = `new.${user.email}`;
  await page.goto("/auth");
  await new AuthPageObject(page).openHelp("Forgot your email?");
  await expectAccessible(page);
  await page.getByLabel("Username").fill(user.username);
  await page.getByRole("button", { name: "Send the recovery link" }).click();
  await expect(page.getByText("If this username belongs to an account", { exact: false })).toBeVisible();

  const link = await linkFromOutbox(request, user.email, "/recover-email");
  await page.goto(link);
  await expect(page.getByLabel("Email address")).toHaveValue(user.email);
  await expectAccessible(page);
  await page.getByLabel("Email address").fill(newEmail);
  await page.getByRole("button", { name: "Use this new email" }).click();
  await expect(page.getByRole("heading", { name: "Check your new inbox" })).toBeVisible();
  await expect(page.getByText(`We sent a confirmation link to ${newEmail}`, { exact: false })).toBeVisible();
  await expect(page.getByText(`until then, sign in with ${user.email}`, { exact: false })).toBeVisible();

  await page.goto(link);
  await expect(page.getByRole("heading", { name: "Invalid or expired recovery link" })).toBeVisible();
  await expectAccessible(page);

  // The new inbox opens its link: the account moves there, and the next step is signing in with it.
  await page.goto(await linkFromOutbox(request, newEmail, "/auth/confirm"));
  await expect(page.getByRole("heading", { name: "Email changed" })).toBeVisible();
  await expect(page.getByText(`${newEmail} is now the email address of your Kindly account ${user.username}`)).toBeVisible();
  await expectAccessible(page);
  await page.getByRole("link", { name: "Sign in" }).click();
  await new AuthPageObject(page).signIn(newEmail, user.password);
  await expect(page).not.toHaveURL(/\/auth/);
});

test("change the password from the profile, then sign out", async ({ page, request }) => {
  const user = await confirmedUser(request);
  const auth = new AuthPageObject(page);
  await page.goto("/profile");
  await expect(page).toHaveURL(/\/auth\?redirect=%2Fprofile$/);
  await auth.signIn(user.email, user.password);
  await page.getByRole("button", { name: "Change password" }).click();
  const dialog = page.getByRole("dialog", { name: "Change password" });
  await expect(dialog).toBeVisible();
  await expectAccessible(page);
  await dialog.getByLabel("Current password").fill(user.password);
  await dialog.getByLabel("New password", { exact: true }).fill("changed but kind");
  await dialog.getByLabel("Confirm new password").fill("changed but not the same");
  await dialog.getByRole("button", { name: "Update password" }).click();
  await expect(dialog.getByText("New passwords do not match")).toBeVisible();
  await dialog.getByLabel("Confirm new password").fill("changed but kind");
  await dialog.getByRole("button", { name: "Update password" }).click();
  await expect(page.getByText("Your password has been updated successfully")).toBeVisible();
  await expect(dialog).toBeHidden();

  await page.getByRole("button", { name: "Sign out", exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("heading", { name: "Already with us?" })).toBeVisible();
  await page.goto("/auth?redirect=%2Fprofile");
  await auth.signIn(user.email, "changed but kind");
  await expect(page).toHaveURL(/\/profile$/);
});

test("unknown addresses show the not-found page", async ({ page }) => {
  await page.goto("/this/does/not/exist");
  await expect(page.getByRole("heading", { name: "Oops! Page not found" })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole("link", { name: "Return to home" }).click();
  await expect(page).toHaveURL(/\/$/);
});
