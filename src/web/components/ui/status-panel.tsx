import type { ReactNode } from "react";
import { CheckCircle2, XCircle } from "lucide-react";

/** The success or failure state that ends a flow (confirmation, recovery, reset). */
export function StatusPanel({
  tone,
  title,
  children,
  actions,
}: {
  tone: "success" | "error";
  title: string;
  children?: ReactNode;
  actions?: ReactNode;
}) {
  const Icon = tone === "success" ? CheckCircle2 : XCircle;
  return (
    <div role={tone === "error" ? "alert" : "status"} className="py-6 text-center">
      <Icon className={`mx-auto ${tone === "success" ? "text-emerald-600" : "text-red-600"}`} size={48} aria-hidden />
      <h1 className="mt-4 text-2xl font-bold">{title}</h1>
      {children && <div className="mt-2 text-slate-700">{children}</div>}
      {actions && <div className="mt-6 flex flex-wrap justify-center gap-3">{actions}</div>}
    </div>
  );
}
