/** Reads a Server-Sent Events stream until `done` says it has what it needs. */
export async function readEvents(response: Response, done: (events: { event: string; data: string }[]) => boolean) {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  const events: { event: string; data: string }[] = [];
  let buffer = "";
  let preamble = "";
  while (!done(events)) {
    const { value, done: ended } = await reader.read();
    if (ended) break;
    buffer += decoder.decode(value, { stream: true });
    let end: number;
    while ((end = buffer.indexOf("\n\n")) !== -1) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const fields = Object.fromEntries(
        block.split("\n").map((line) => [line.slice(0, line.indexOf(":")), line.slice(line.indexOf(":") + 1).trim()]),
      );
      if (fields.event) events.push({ event: fields.event, data: fields.data ?? "" });
      else preamble += block;
    }
  }
  await reader.cancel();
  return { events, preamble };
}
