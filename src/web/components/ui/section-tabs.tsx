import { Tabs } from "radix-ui";

/**
 * The row of section tabs of the admin panel, a dashboard and the workplace
 * area. On a phone it scrolls sideways; from a tablet's width up it wraps, so
 * every section's name is in view at once rather than cut at the edge.
 */
export function SectionTabList({ label, tabs }: { label: string; tabs: { value: string; label: string }[] }) {
  return (
    <Tabs.List
      aria-label={label}
      className="-mx-4 flex gap-1 overflow-x-auto border-b border-slate-200 px-4 md:flex-wrap md:overflow-visible"
    >
      {tabs.map((tab) => (
        <Tabs.Trigger
          key={tab.value}
          value={tab.value}
          className="min-h-11 shrink-0 border-b-2 border-transparent px-3 text-sm font-semibold text-slate-700 hover:text-slate-900 data-[state=active]:border-brand data-[state=active]:text-brand"
        >
          {tab.label}
        </Tabs.Trigger>
      ))}
    </Tabs.List>
  );
}
