/** This device's time zone, as the browser names it (IANA): "America/Toronto". */
export const deviceTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || "America/Toronto";
