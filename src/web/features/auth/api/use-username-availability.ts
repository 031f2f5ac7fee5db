import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { USERNAME_CHECK_DEBOUNCE_MS, USERNAME_MIN_LENGTH } from "../../../../shared/constants.js";
import { getUsernameAvailability } from "./username-availability.js";

export interface UsernameAvailability {
  isChecking: boolean;
  available: boolean | null;
  message: string;
}

/**
 * docs/spec/participant.md §5: asks the server 500 ms after typing stops, once 3
 * characters are entered; an answer for an older value is ignored.
 */
export function useUsernameAvailability(username: string): UsernameAvailability {
  const { t } = useTranslation();
  const [state, setState] = useState<UsernameAvailability>({ isChecking: false, available: null, message: "" });
  const value = username.trim();

  useEffect(() => {
    if (value.length === 0) {
      setState({ isChecking: false, available: null, message: "" });
      return;
    }
    if (value.length < USERNAME_MIN_LENGTH) {
      setState({ isChecking: false, available: false, message: t("validation.usernameTooShort") });
      return;
    }
    let current = true;
    setState((s) => ({ ...s, isChecking: true, message: t("auth.usernameChecking") }));
    const timer = setTimeout(() => {
      getUsernameAvailability(value)
        .then((result) => {
          if (!current) return;
          setState({
            isChecking: false,
            available: result.available,
            message: result.available ? t("auth.usernameAvailable") : (result.reason ?? t("validation.usernameNotAvailable")),
          });
        })
        .catch(() => {
          if (current) setState({ isChecking: false, available: null, message: t("auth.usernameCheckFailed") });
        });
    }, USERNAME_CHECK_DEBOUNCE_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [value, t]);

  return state;
}
