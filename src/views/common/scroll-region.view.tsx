import type { ReactNode } from 'react';

/**
 * The region a wide table scrolls in sideways on a narrow screen: a section named by the page's heading
 * (`labelledBy`) or by its own `label`, which takes the keyboard focus so it can be scrolled without a mouse.
 */
export function ScrollRegion({
  className,
  labelledBy,
  label,
  children,
}: {
  readonly className: string;
  readonly labelledBy?: string;
  readonly label?: string;
  readonly children: ReactNode;
}) {
  return (
    <section
      className={className}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a narrow screen scrolls the table sideways; the region takes the keyboard focus so it can be scrolled without a mouse (axe scrollable-region-focusable)
      tabIndex={0}
      aria-labelledby={labelledBy}
      aria-label={label}
    >
      {children}
    </section>
  );
}
