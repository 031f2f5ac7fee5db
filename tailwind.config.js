/** @type {import('tailwindcss').Config} */
export default {
  content: ["./index.html", "./src/web/**/*.{ts,tsx}"],
  theme: {
    extend: {
      colors: { brand: { DEFAULT: "#e11d48", dark: "#be123c" } },
    },
  },
};
