import { useEffect, useRef } from "react";

/**
 * Moves the keyboard's focus to the element behind the returned ref each time
 * `value` changes (a new step, a revealed card, the next question), never on
 * the first render. Without it, the control that was pressed disappears or
 * turns disabled and focus falls to the page itself: a keyboard or screen
 * reader user starts again from the top (issue 44 §6).
 *
 * A heading that receives focus this way needs `tabIndex={-1}`; the hook
 * compares values rather than counting renders, so React's double effects in
 * development do not move focus on the first render. `pick` chooses a
 * control inside the element instead (a question's chosen or first option).
 */
export function useFocusOnChange<E extends HTMLElement>(
  value: unknown,
  { when = true, pick }: { when?: boolean; pick?: (element: E) => HTMLElement | null } = {},
) {
  const ref = useRef<E>(null);
  const previous = useRef(value);
  useEffect(() => {
    if (Object.is(previous.current, value)) return;
    previous.current = value;
    const element = ref.current;
    if (when && element) (pick?.(element) ?? element).focus();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `pick` is read when the value changes, not a reason to move focus
  }, [value, when]);
  return ref;
}
