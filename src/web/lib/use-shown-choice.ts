import { useEffect, useState } from "react";

/**
 * A choice shown at once when made (a box waiting for the server would
 * spring back for a moment), that follows the saved value whenever it is
 * read again; the caller puts it back when saving fails.
 */
export function useShownChoice<T extends boolean | string | number>(saved: T) {
  const [shown, setShown] = useState(saved);
  useEffect(() => setShown(saved), [saved]);
  return [shown, setShown] as const;
}
