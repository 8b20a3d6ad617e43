import { useId, useState, type ReactNode } from 'react';

export interface AccordionItem {
  title: string;
  content: ReactNode;
}

interface AccordionProps {
  items: readonly AccordionItem[];
  /** Indexes of the items open on first render. */
  defaultOpen?: readonly number[];
  headingLevel?: 2 | 3 | 4;
  className?: string;
}

/** A Bootstrap accordion driven by React state: each header is a button that shows or hides its panel. */
export function Accordion({ items, defaultOpen = [], headingLevel = 3, className = '' }: AccordionProps) {
  const id = useId();
  const [open, setOpen] = useState<ReadonlySet<number>>(() => new Set(defaultOpen));
  const Heading = `h${headingLevel}` as const;

  const toggle = (index: number) =>
    setOpen((current) => {
      const next = new Set(current);
      if (!next.delete(index)) next.add(index);
      return next;
    });

  return (
    <div className={`accordion ${className}`.trim()}>
      {items.map((item, index) => {
        const expanded = open.has(index);
        const buttonId = `${id}-button-${index}`;
        const panelId = `${id}-panel-${index}`;
        return (
          <div className="accordion-item" key={item.title}>
            <Heading className="accordion-header">
              <button
                id={buttonId}
                type="button"
                className={`accordion-button${expanded ? '' : ' collapsed'}`}
                aria-expanded={expanded}
                aria-controls={panelId}
                onClick={() => toggle(index)}
              >
                {item.title}
              </button>
            </Heading>
            <div
              id={panelId}
              className={`accordion-collapse collapse${expanded ? ' show' : ''}`}
              role="region"
              aria-labelledby={buttonId}
              hidden={!expanded}
            >
              <div className="accordion-body">{item.content}</div>
            </div>
          </div>
        );
      })}
    </div>
  );
}
