import { useCallback, useEffect, useRef, useState } from "react";
import type { ComponentProps } from "react";
import { DropdownMenu, Tabs } from "radix-ui";
import { ChevronDown } from "lucide-react";

/**
 * The row of section tabs of the admin panel, a dashboard and the workplace
 * area. On a phone it scrolls sideways, and shows that it does: a fade on
 * the side where more tabs wait (issue 43 §6), and the chosen tab scrolled
 * into view. From a tablet's width up it wraps, so every section's name is in
 * view at once rather than cut at the edge.
 *
 * `menu`: too many sections for a strip on a phone (the admin panel's 11):
 * below a tablet's width the strip gives way to a button naming the section
 * shown, which opens the list of sections as a menu (issue 61 §1).
 */
export function SectionTabList({
  label,
  tabs,
  menu,
}: {
  label: string;
  tabs: { value: string; label: string }[];
  menu?: { value: string; onChoose: (value: string) => void };
}) {
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
      {menu && <SectionMenu label={label} tabs={tabs} {...menu} />}
      <Tabs.List
        ref={list}
        aria-label={label}
        className={`-mx-4 gap-1 overflow-x-auto border-b border-slate-200 px-4 md:flex md:flex-wrap md:overflow-visible ${menu ? "hidden" : "flex"}`}
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

/** The sections as a menu, for a phone: a button naming the one shown, and the list to choose from. */
function SectionMenu({
  label,
  tabs,
  value,
  onChoose,
}: {
  label: string;
  tabs: { value: string; label: string }[];
  value: string;
  onChoose: (value: string) => void;
}) {
  const current = tabs.find((tab) => tab.value === value) ?? tabs[0]!;
  return (
    <div className="md:hidden">
      <DropdownMenu.Root>
        {/* Its name is what it shows: the list's name, then the section shown. */}
        <DropdownMenu.Trigger className="flex min-h-11 w-full items-center justify-between gap-2 rounded-lg border border-slate-300 bg-white px-3 text-left text-sm font-semibold text-slate-900 focus-visible:outline focus-visible:outline-2 focus-visible:outline-brand">
          <span>
            <span className="block text-xs font-normal text-slate-600">{label}</span>
            {current.label}
          </span>
          <ChevronDown size={18} aria-hidden />
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content
            align="start"
            sideOffset={4}
            className="z-50 max-h-[var(--radix-dropdown-menu-content-available-height)] w-[var(--radix-dropdown-menu-trigger-width)] overflow-y-auto rounded-xl border border-slate-200 bg-white p-1 shadow-lg"
          >
            <DropdownMenu.RadioGroup value={current.value} onValueChange={onChoose}>
              {tabs.map((tab) => (
                <DropdownMenu.RadioItem
                  key={tab.value}
                  value={tab.value}
                  className="flex min-h-11 cursor-pointer items-center rounded-lg px-3 text-sm text-slate-800 outline-none data-[highlighted]:bg-slate-100 data-[state=checked]:font-bold data-[state=checked]:text-brand"
                >
                  {tab.label}
                </DropdownMenu.RadioItem>
              ))}
            </DropdownMenu.RadioGroup>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
    </div>
  );
}

/**
 * A section's panel. Out of the Tab order (issue 61 §4): Radix makes a panel
 * focusable, and a focus ring around a panel taller than a phone's screen has
 * no end in sight; every panel here holds controls of its own, which Tab
 * reaches, and the panel still takes focus when code sends it there.
 */
export function SectionPanel(props: ComponentProps<typeof Tabs.Content>) {
  return <Tabs.Content tabIndex={-1} {...props} />;
}
