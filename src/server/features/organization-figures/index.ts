/**
 * An organisation's dashboard figures: the summary, analytics, engagement and
 * interactions of a period, read from the acts' kept counts and the
 * organisation's places. Above both the acts engine (which reads the
 * organisations' places) and the organisations, so neither reads the other
 * both ways (issue 63 §3).
 * What it brings and the tables it owns: its declaration, feature.ts.
 * This is the feature's door: what other features may use (docs/design.md, "Walls and doors").
 */
export { feature } from "./feature.js";
