import { spawn } from "node:child_process";

/** `npm run dev`: the API with reload on :3001 and Vite's dev server (proxying /api) on :3000. */
const children = [
  spawn("npx", ["tsx", "watch", "src/server/main.ts"], {
    stdio: "inherit",
    env: {
      ...process.env,
      PORT: process.env.API_PORT ?? "3001",
      APP_URL: process.env.APP_URL ?? "http://localhost:3000",
      KINDLY_API_ONLY: "1",
    },
  }),
  spawn("npx", ["vite"], { stdio: "inherit" }),
];
const stop = () => children.forEach((child) => child.kill("SIGTERM"));
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
children.forEach((child) =>
  child.on("exit", (code) => {
    stop();
    process.exitCode = code ?? 0;
  }),
);
