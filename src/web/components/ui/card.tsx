import type { HTMLAttributes, ReactNode } from "react";

export function Card({ className = "", ...props }: HTMLAttributes<HTMLElement>) {
  return <section className={`rounded-2xl border border-rose-100 bg-white p-5 shadow-sm ${className}`} {...props} />;
}

export function PageTitle({ children, intro }: { children: ReactNode; intro?: ReactNode }) {
  return (
    <header className="mb-6 space-y-2">
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{children}</h1>
      {intro && <p className="text-slate-700">{intro}</p>}
    </header>
  );
}

export function Page({ children, narrow = false }: { children: ReactNode; narrow?: boolean }) {
  return <div className={`mx-auto w-full px-4 py-6 ${narrow ? "max-w-md" : "max-w-3xl"}`}>{children}</div>;
}

export function LoadingState({ label }: { label: string }) {
  return (
    <div role="status" className="flex items-center justify-center gap-3 py-12 text-slate-700">
      <span className="h-5 w-5 motion-safe:animate-spin rounded-full border-2 border-brand border-t-transparent" aria-hidden />
      {label}
    </div>
  );
}
