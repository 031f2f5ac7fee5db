// Tailwind 3 runs as a PostCSS plugin, in plain JavaScript: no per-platform native
// package, so `npm ci` installs from the lock file on any machine.
export default { plugins: { tailwindcss: {} } };
