import { describe, expect, it } from "vitest";
import { groupedReads } from "./grouped-reads.js";

/** A read whose statements the test answers one at a time, recording the keys of each. */
function controlledRead() {
  const statements: { keys: number[]; answer: (fail?: Error) => void }[] = [];
  const read = (keys: number[]) =>
    new Promise<string[]>((resolve, reject) => {
      statements.push({ keys, answer: (fail) => (fail ? reject(fail) : resolve(keys.map((key) => `value ${key}`))) });
    });
  return { statements, read };
}

describe("groupedReads", () => {
  it("sends the first read alone at once, and the reads asked meanwhile together next, each answered its own value", async () => {
    const { statements, read } = controlledRead();
    const ask = groupedReads(read);
    const first = ask(1);
    expect(statements.map((statement) => statement.keys)).toEqual([[1]]);
    const others = [ask(2), ask(3), ask(4)];
    // Still one statement out: the others wait for it.
    expect(statements).toHaveLength(1);
    statements[0]!.answer();
    expect(await first).toBe("value 1");
    await expect.poll(() => statements.length).toBe(2);
    expect(statements[1]!.keys).toEqual([2, 3, 4]);
    statements[1]!.answer();
    expect(await Promise.all(others)).toEqual(["value 2", "value 3", "value 4"]);
  });

  it("groups at most `max` reads per statement", async () => {
    const { statements, read } = controlledRead();
    const ask = groupedReads(read, 2);
    const asked = [1, 2, 3, 4, 5].map((key) => ask(key));
    for (let i = 0; i < 3; i++) {
      await expect.poll(() => statements.length).toBe(i + 1);
      statements[i]!.answer();
    }
    expect(statements.map((statement) => statement.keys)).toEqual([[1], [2, 3], [4, 5]]);
    expect(await Promise.all(asked)).toEqual([1, 2, 3, 4, 5].map((key) => `value ${key}`));
  });

  it("fails only the group whose statement failed; the next group is read afresh", async () => {
    const { statements, read } = controlledRead();
    const ask = groupedReads(read);
    const first = ask(1);
    const second = ask(2);
    statements[0]!.answer(new Error("connection lost"));
    await expect(first).rejects.toThrow("connection lost");
    await expect.poll(() => statements.length).toBe(2);
    statements[1]!.answer();
    expect(await second).toBe("value 2");
    // Nothing is left waiting: a later read goes out at once.
    const third = ask(3);
    await expect.poll(() => statements.length).toBe(3);
    statements[2]!.answer();
    expect(await third).toBe("value 3");
  });
});
