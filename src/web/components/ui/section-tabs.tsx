import { useCallback, useEffect, useRef, useState } from "react";
import { Tabs } from "radix-ui";

/**
 * The row of section tabs of the admin panel, a dashboard and the workplace
 * area. On a phone it scrolls sideways, and shows that it does: a fade on
 * the side where more tabs wait (issue 43 §6), and the chosen tab scrolled
 * into view. From a tablet's width up it wraps, so every section's name is in
 * view at once rather than cut at the edge.
 */
export function SectionTabList({ label, tabs }: { label: string; tabs: { value: string; label: string }[] }) {
  const list = useRef<HTMLDivElement>(null);
  const [more, setMore] = useState({ before: false, after: false });
  const measure = useCallback(() => {
    const element = list.current;
    if (!element) return;
    // A pixel of slack: zoomed pages scroll to fractional positions.
    const before = element.scrollLeft > 1;
    const after = element.scrollLeft + element.clientWidth < element.scrollWidth - 1;
    setMore((current) => (current.before === before && current.after === after ? current : { before, after }));
  }, []);
  useEffect(() => {
    const element = list.current;
    if (!element) return;
    measure();
    const resized = new ResizeObserver(measure);
    resized.observe(element);
    element.addEventListener("scroll", measure, { passive: true });
    return () => {
      resized.disconnect();
      element.removeEventListener("scroll", measure);
    };
  }, [measure, tabs.length]);
  return (
    <div className="relative" data-more-before={more.before} data-more-after={more.after} data-testid="section-tabs">
      <Tabs.List
        ref={list}
        aria-label={label}
        className="-mx-4 flex gap-1 overflow-x-auto border-b border-slate-200 px-4 md:flex-wrap md:overflow-visible"
      >
        {tabs.map((tab) => (
          <Tabs.Trigger
            key={tab.value}
            value={tab.value}
            // The chosen tab comes into view when it is chosen from the keyboard or from a link.
            onFocus={(event) => event.currentTarget.scrollIntoView({ block: "nearest", inline: "nearest" })}
            className="min-h-11 shrink-0 border-b-2 border-transparent px-3 text-sm font-semibold text-slate-700 hover:text-slate-900 data-[state=active]:border-brand data-[state=active]:text-brand"
          >
            {tab.label}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      {/* Fades over the edge where tabs continue: decoration (the tabs stay reachable by keyboard and screen readers). */}
      {more.before && (
        <span
          aria-hidden
          className="pointer-events-none absolute inset-y-0 -left-4 w-10 bg-gradient-to-r from-white to-transparent md:hidden"
        />
      )}
      {more.after && (
        <span
          aria-hidden
          className="pointer-events-none absolute inset-y-0 -right-4 w-10 bg-gradient-to-l from-white to-transparent md:hidden"
        />
      )}
    </div>
  );
}
