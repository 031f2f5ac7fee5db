import type { ReactNode } from "react";
import type { TrainingModuleId } from "../../../shared/workplace/learning.js";

// Each module's illustration: a small drawing in the app's colours, named for
// screen readers by the module's `illustration` text (what it shows), so it
// carries no information the page does not also give in words.

const ROSE = "#e11d48";
const ROSE_LIGHT = "#fecdd3";
const SLATE = "#475569";
const SLATE_LIGHT = "#cbd5e1";
const GREEN = "#059669";

/** A person seen from the front: a head and shoulders. */
function Person({ x, y, color = SLATE, scale = 1 }: { x: number; y: number; color?: string; scale?: number }) {
  return (
    <g transform={`translate(${x} ${y}) scale(${scale})`} fill={color}>
      <circle cx="0" cy="-22" r="9" />
      <path d="M-15 8 C-15 -6 -8 -11 0 -11 C8 -11 15 -6 15 8 Z" />
    </g>
  );
}

function Bubble({ x, y, color = ROSE }: { x: number; y: number; color?: string }) {
  return (
    <g transform={`translate(${x} ${y})`}>
      <rect x="-14" y="-10" width="28" height="18" rx="6" fill={color} />
      <path d="M-4 8 L-8 15 L4 8 Z" fill={color} />
      <circle cx="-6" cy="-1" r="2" fill="white" />
      <circle cx="0" cy="-1" r="2" fill="white" />
      <circle cx="6" cy="-1" r="2" fill="white" />
    </g>
  );
}

const DRAWINGS: Record<TrainingModuleId, ReactNode> = {
  "social-isolation": (
    <>
      <Person x={40} y={82} />
      <Person x={72} y={82} />
      <Person x={56} y={96} color={ROSE} />
      <Person x={196} y={90} color={SLATE_LIGHT} />
      <path d="M92 70 Q140 30 178 66" fill="none" stroke={ROSE} strokeWidth="3" strokeDasharray="6 6" strokeLinecap="round" />
      <Bubble x={138} y={38} />
    </>
  ),
  "lack-of-recognition": (
    <>
      <Person x={64} y={92} />
      <Person x={176} y={92} color={ROSE} />
      <rect x="102" y="60" width="36" height="26" rx="4" fill="white" stroke={ROSE} strokeWidth="3" />
      <path d="M120 80 C108 71 112 63 120 69 C128 63 132 71 120 80 Z" fill={ROSE} />
      <path
        d="M120 14 L125 26 L138 27 L128 35 L131 48 L120 41 L109 48 L112 35 L102 27 L115 26 Z"
        fill="#f59e0b"
        stroke="#b45309"
        strokeWidth="1.5"
        strokeLinejoin="round"
      />
    </>
  ),
  demotivation: (
    <>
      <path d="M40 100 L76 100 L72 84 L44 84 Z" fill={SLATE} />
      <path d="M58 84 C58 70 52 64 40 62" fill="none" stroke={SLATE_LIGHT} strokeWidth="4" strokeLinecap="round" />
      <path d="M40 62 C34 66 34 72 40 74 C44 70 44 66 40 62 Z" fill={SLATE_LIGHT} />
      <path d="M86 56 L104 56 L95 72 L104 88 L86 88 L95 72 Z" fill="none" stroke={SLATE} strokeWidth="3" strokeLinejoin="round" />
      <path d="M118 100 L216 100" stroke={SLATE_LIGHT} strokeWidth="4" strokeLinecap="round" />
      {[136, 164, 192].map((cx) => (
        <circle key={cx} cx={cx} cy="100" r="6" fill={ROSE} />
      ))}
      <path d="M214 100 L214 58" stroke={SLATE} strokeWidth="3" />
      <path d="M214 58 L234 66 L214 74 Z" fill={ROSE} />
      <path d="M150 88 L150 62" stroke={GREEN} strokeWidth="4" strokeLinecap="round" />
      <path d="M150 70 C140 62 140 54 150 52 C152 60 152 64 150 70 Z" fill={GREEN} />
      <path d="M150 76 C160 70 164 62 158 58 C152 64 150 70 150 76 Z" fill={GREEN} />
    </>
  ),
  "internal-conflicts": (
    <>
      <Person x={30} y={92} />
      <Person x={92} y={92} color={ROSE} />
      <path d="M52 48 L58 58 L52 66 L60 76" fill="none" stroke="#b45309" strokeWidth="3" strokeLinecap="round" strokeLinejoin="round" />
      <path d="M112 70 L128 70" stroke={SLATE_LIGHT} strokeWidth="3" strokeLinecap="round" />
      <path d="M124 64 L130 70 L124 76" fill="none" stroke={SLATE_LIGHT} strokeWidth="3" strokeLinecap="round" />
      <Person x={168} y={92} />
      <Person x={208} y={92} color={ROSE} />
      <rect x="146" y="98" width="84" height="8" rx="3" fill={SLATE_LIGHT} />
      <Bubble x={188} y={36} color={GREEN} />
    </>
  ),
  "stress-management": (
    <>
      <path d="M120 30 L120 100" stroke={SLATE} strokeWidth="4" />
      <path d="M96 104 L144 104" stroke={SLATE} strokeWidth="6" strokeLinecap="round" />
      <path d="M56 46 L184 46" stroke={SLATE} strokeWidth="4" strokeLinecap="round" />
      <circle cx="120" cy="30" r="5" fill={SLATE} />
      <path d="M56 46 L40 74 L72 74 Z" fill="none" stroke={SLATE_LIGHT} strokeWidth="2" />
      <path d="M184 46 L168 74 L200 74 Z" fill="none" stroke={SLATE_LIGHT} strokeWidth="2" />
      {[0, 1, 2].map((i) => (
        <rect key={i} x={42} y={62 - i * 8} width="28" height="7" rx="2" fill={i === 1 ? ROSE : ROSE_LIGHT} stroke={ROSE} strokeWidth="1" />
      ))}
      <circle cx="184" cy="62" r="11" fill="white" stroke={SLATE} strokeWidth="3" />
      <path d="M184 55 L184 62 L189 65" fill="none" stroke={SLATE} strokeWidth="2" strokeLinecap="round" />
    </>
  ),
};

/** A module's illustration, with its text alternative. */
export function ModuleIllustration({ moduleId, label }: { moduleId: TrainingModuleId; label: string }) {
  return (
    <svg viewBox="0 0 240 120" role="img" aria-label={label} className="h-auto w-full max-w-sm rounded-xl bg-rose-50">
      <title>{label}</title>
      {DRAWINGS[moduleId]}
    </svg>
  );
}
