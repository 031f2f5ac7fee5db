import type { DestinationStream } from "pino";
import pretty from "pino-pretty";

/*
 * Where the server's log lines go and how they read (issue 59 §4). In a
 * terminal a person reads them: one short human line each ("12:04:31 WARN
 * slow request GET /api/acts 200 1.2 s"). Anywhere else (a file, a log
 * collector, production) a program reads them: one JSON object per line.
 * LOG_FORMAT chooses either way.
 */

export type LogFormat = "pretty" | "json";

export function logFormat(chosen: LogFormat | undefined, nodeEnv: string, isTerminal = Boolean(process.stdout.isTTY)): LogFormat {
  if (chosen) return chosen;
  return isTerminal && nodeEnv !== "production" ? "pretty" : "json";
}

/** The human lines: time, level and message; the request's details only when a line is about one. */
export function prettyLogStream(
  colorize = Boolean(process.stdout.isTTY),
  destination: NodeJS.WritableStream | number = 1,
): DestinationStream {
  return pretty({
    colorize,
    destination,
    // Written as the line is logged: the start-up text printed next stays after the lines before it.
    sync: true,
    translateTime: "SYS:HH:MM:ss",
    ignore: "pid,hostname,reqId,req,res,responseTime",
    singleLine: true,
  });
}
