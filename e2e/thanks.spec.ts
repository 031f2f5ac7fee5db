import { confirmedUser, expect, expectAccessible, test } from "./support/fixtures.js";
import { cardOfItsOwn, demoLinks, ENGLISH, ScanPageObject, signedInPhone } from "./support/scan-page.js";

// Thanks back to the giver (issue 26 §4), across two browsers: the giver's
// profile hears it live, and never learns who unless the sender says.

test("a card's next holder thanks its last one, who reads it live on their profile and can report it", async ({ browser, request }) => {
  const links = await demoLinks(request);
  const path = cardOfItsOwn(links);
  const [giverUser, receiverUser] = [await confirmedUser(request), await confirmedUser(request)];

  const giver = await signedInPhone(browser, giverUser);
  await giver.page.goto(path);
  await new ScanPageObject(giver.page, ENGLISH).openCard();
  // The first holder of this card had nobody before them to thank.
  await expect(giver.page.getByRole("heading", { name: "Thank the person who handed you this card" })).toHaveCount(0);
  await giver.page.goto("/profile");
  await expect(giver.page.getByRole("heading", { name: giverUser.username, level: 1 })).toBeVisible();
  await expect(giver.page.getByTestId("thanks-count")).toHaveCount(0);

  const receiver = await signedInPhone(browser, receiverUser);
  await receiver.page.goto(path);
  await new ScanPageObject(receiver.page, ENGLISH).openCard();
  await expect(receiver.page.getByRole("heading", { name: "Thank the person who handed you this card" })).toBeVisible();
  await receiver.page.getByLabel("A short note (optional)").fill("write me at marie.dupont at gmail.com");
  await receiver.page.getByRole("button", { name: "Send my thanks" }).click();
  await expect(receiver.page.getByRole("alert")).toContainText("Email addresses are not allowed in messages");
  await receiver.page.getByLabel("A short note (optional)").fill("This card made my morning. Thank you!");
  await expectAccessible(receiver.page);
  await receiver.page.getByRole("button", { name: "Send my thanks" }).click();
  await expect(receiver.page.getByTestId("thanks-sent")).toContainText("Your thanks is on its way.");

  // Live, on the giver's open profile: no reload.
  await expect(giver.page.getByTestId("thanks-count")).toHaveText("1 person thanked you");
  await expect(giver.page.getByText("Someone thanked you for the card you passed on")).toBeVisible();
  await expect(giver.page.getByText("This card made my morning. Thank you!")).toBeVisible();
  await expect(giver.page.getByText(receiverUser.username)).toHaveCount(0);
  await expectAccessible(giver.page);
  await giver.page.getByRole("button", { name: "Report" }).click();
  await giver.page.getByRole("button", { name: "Send the report" }).click();
  await expect(giver.page.getByText("Reported. Thank you: the Kindly team will look at it.")).toBeVisible();

  for (const phone of [giver, receiver]) await phone.context.close();
});
