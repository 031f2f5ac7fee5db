/**
 * How many scans this device keeps, written by the saved scans' module (in
 * localStorage, and as an event for this tab) so that the shell can know
 * without loading it. A module of its own: the shell's hook and the lazily
 * loaded saved scans' module both read it, and neither imports the other for it.
 */
export const SAVED_SCANS_HINT = "kindly.savedScans";
